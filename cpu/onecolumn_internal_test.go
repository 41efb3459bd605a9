package cpu

import (
	"math"
	"math/rand"
	"testing"
)

// TestWideRuns checks tiles of the one-column path's 16-lane kernel
// (kern16x4runs through wideRuns) against dot, element by element and
// bit for bit: chunks of 1 to 16 rows and tiles of fewer than four,
// outputs one element apart (summed in place), two apart (from zero
// sums stored from the registers, kern16x4runs2) and three apart
// (through the tile buffer), starting from zero or from the output,
// unfused and fused. The last chunk's last row sits at the end of the first factor,
// where a lane past it would leave the buffer; the output elements
// between and after the chunks must keep their values.
func TestWideRuns(t *testing.T) {
	if !haveAVX512 || !haveFMA {
		t.Skip("no AVX-512F or FMA")
	}
	const K = 11
	rng := rand.New(rand.NewSource(3))
	a := randomFloats(rng, 600, -1, 1)
	a[50] = float32(math.Inf(-1))
	b := randomFloats(rng, 40, -2, 2)
	ra, rb := make([]int, K), make([]int, K)
	for r := range K {
		ra[r], rb[r] = r*17, (r*7)%len(b)
	}
	raB, _ := inBytes(ra, 4)
	rbB, _ := inBytes(rb, 4)
	raSpan := spanOf(ra)
	last := len(a) - 1 - ra[K-1] // the last element whose reduction stays in a
	for _, tc := range []struct {
		name string
		ns   []int
	}{{"four chunks", []int{16, 9, 1, 16}}, {"three chunks", []int{5, 16, 12}}, {"one row", []int{1}}} {
		for _, cout := range []int{1, 2, 3} {
			for _, zero := range []bool{false, true} {
				for _, fused := range []bool{false, true} {
					// Chunks back to back, ending on a's last usable
					// element and the output's last.
					total := 0
					for _, n := range tc.ns {
						total += n
					}
					// One element between chunks and three after the
					// last in the output, which must keep their values.
					tile := make([]runChunk, len(tc.ns))
					outLen := 5 + (total+len(tc.ns))*cout + 3
					r := 0
					for i, n := range tc.ns {
						tile[i] = runChunk{offA: last - total + 1 + r, offO: 5 + (r+i)*cout, n: n}
						r += n
					}
					start := randomFloats(rng, outLen, -0.5, 0.5)
					want := append([]float32(nil), start...)
					if zero {
						for _, ch := range tile {
							for j := range ch.n {
								want[ch.offO+j*cout] = 0
							}
						}
					}
					dotOf := dotFor[float32](fused)
					for _, ch := range tile {
						for j := range ch.n {
							dotOf(a, b, want, ch.offA+j, 2, ch.offO+j*cout, ra, rb)
						}
					}
					got := append([]float32(nil), start...)
					var c [runsPerTile * 2 * runLanes]float32
					ran, strided2 := wideRuns(a, b, got, &c, tile, raB, rbB, raSpan, 0, 2, 0, cout, &vecSpace{outZero: zero, fma: fused})
					if !ran {
						t.Fatalf("%s: wideRuns refused chunks inside the buffer", tc.name)
					}
					if want := cout == 2 && zero; strided2 != want {
						t.Fatalf("%s, cout %d, zero %v: stored from the registers two apart: %v, want %v", tc.name, cout, zero, strided2, want)
					}
					for i := range got {
						if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
							t.Fatalf("%s, cout %d, zero %v, fused %v: out[%d] = %v, want %v", tc.name, cout, zero, fused, i, got[i], want[i])
						}
					}
				}
			}
		}
	}
	// A chunk whose rows would leave the first factor is refused, the
	// output untouched.
	out := make([]float32, 16)
	var c [runsPerTile * 2 * runLanes]float32
	if ran, _ := wideRuns(a, b, out, &c, []runChunk{{offA: last - 3, offO: 0, n: 8}}, raB, rbB, raSpan, 0, 2, 0, 1, &vecSpace{}); ran {
		t.Fatal("wideRuns took a chunk that leaves the first factor")
	}
}
