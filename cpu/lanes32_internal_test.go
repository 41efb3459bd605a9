package cpu

import (
	"math"
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
)

// The float32 lanes against the interpreter's rule (the float64
// operation of the two float32 values, rounded to float32): each
// AVX-512 kernel (where the CPU has them) and each Go loop, on every
// length to 40, with NaN, infinities, signed zeros, subnormals, values
// near float32's limits and products and quotients that round.
func TestLanes32MatchFloat64(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)),
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32 * 7, 1.1754942e-38, math.MaxFloat32, -math.MaxFloat32 / 3,
		1 + 1.0/(1<<23), 3, -0.1}
	value := func() float32 {
		if rng.Intn(4) == 0 {
			return specials[rng.Intn(len(specials))]
		}
		return float32(rng.NormFloat64() * math.Pow(2, float64(rng.Intn(80)-40)))
	}
	same := func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) || x != x && y != y }
	ref := map[string]func(x, y float64) float64{
		"arith.addf": floatBinary["arith.addf"], "arith.subf": floatBinary["arith.subf"],
		"arith.mulf": floatBinary["arith.mulf"], "arith.divf": floatBinary["arith.divf"],
		"arith.maximumf": floatBinary["arith.maximumf"], "arith.minimumf": floatBinary["arith.minimumf"],
	}
	for _, kernels := range []bool{false, true} {
		if kernels && !haveAVX512 {
			t.Log("no AVX-512: the Go loops only")
			continue
		}
		old := laneKernels
		laneKernels = kernels
		for n := 1; n <= 40; n++ {
			a, b := make([]float32, n), make([]float32, n)
			negZero, inf, nan := float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.NaN())
			for i := range a {
				a[i], b[i] = value(), value()
				switch i % 7 {
				case 0:
					b[i] = a[i] // ties for comparisons, zeros and NaN pairs
				case 3:
					a[i], b[i] = negZero, 0 // max and min of signed zeros
				case 4:
					a[i], b[i] = 0, negZero
				case 5:
					a[i], b[i] = inf, nan // a NaN against an infinity
				case 6:
					a[i], b[i] = nan, -inf
				}
			}
			fr := &frame32{g: [][]float32{a, b, make([]float32, n+1)}, m: [][]int32{make([]int32, n+1)}}
			for name, f := range ref {
				fr.g[2][n] = 7
				bin32(name, 0, 1, 2)(fr, n)
				for j := range n {
					if want := float32(f(float64(a[j]), float64(b[j]))); !same(fr.g[2][j], want) {
						t.Fatalf("kernels %v %s n=%d lane %d: %v, %v gave %v, want %v", kernels, name, n, j, a[j], b[j], fr.g[2][j], want)
					}
				}
				if fr.g[2][n] != 7 {
					t.Fatalf("kernels %v %s n=%d wrote past the lanes", kernels, name, n)
				}
			}
			for p, pred := range arith.CmpFPredicates {
				if pred == "false" || pred == "true" {
					continue
				}
				f := cmpFFunc(int64(p))
				cmp32(0, 1, 0, pred, f)(fr, n)
				select32(0, 0, 1, 2)(fr, n)
				for j := range n {
					want := f(float64(a[j]), float64(b[j]))
					if fr.m[0][j] != int32(b2i(want)) {
						t.Fatalf("kernels %v cmpf %s n=%d lane %d: %v, %v gave %d", kernels, pred, n, j, a[j], b[j], fr.m[0][j])
					}
					sel := b[j]
					if want {
						sel = a[j]
					}
					if math.Float32bits(fr.g[2][j]) != math.Float32bits(sel) {
						t.Fatalf("kernels %v select after %s n=%d lane %d: %v, want %v", kernels, pred, n, j, fr.g[2][j], sel)
					}
				}
			}
		}
		laneKernels = old
	}
}

// fill32 (lane32Fill where the CPU has it) writes v's bits into every
// lane, a NaN's payload and a zero's sign included, and nothing past.
func TestFill32(t *testing.T) {
	for _, v := range []float32{math.Float32frombits(0x7fc01234), float32(math.Copysign(0, -1)), 3.5} {
		for n := 0; n <= 40; n++ {
			s := make([]float32, n+1)
			s[n] = 9
			fill32(s[:n], v)
			for j := range n {
				if math.Float32bits(s[j]) != math.Float32bits(v) {
					t.Fatalf("n=%d lane %d: %#x, want %#x", n, j, math.Float32bits(s[j]), math.Float32bits(v))
				}
			}
			if s[n] != 9 {
				t.Fatalf("n=%d: wrote past the lanes", n)
			}
		}
	}
}

// A broadcast's fill is kept for the next block of the same element
// only as far as it went, and never for an operand that overlaps an
// output; another load forgets it.
func TestHoldsBroadcast(t *testing.T) {
	fr := &vframe{held: []int64{0, -1}, heldN: []int64{0, 0}}
	steps := []struct {
		o     int
		q, n  int64
		held  bool
		label string
	}{
		{0, 5, 100, false, "first fill"},
		{0, 5, 100, true, "same element, same lanes"},
		{0, 5, 60, true, "fewer lanes"},
		{0, 5, 200, false, "more lanes than filled"},
		{0, 6, 100, false, "another element"},
		{1, 5, 100, false, "overlaps an output"},
		{1, 5, 100, false, "overlaps an output, again"},
	}
	for _, s := range steps {
		if got := fr.holdsBroadcast(s.o, s.q, s.n); got != s.held {
			t.Fatalf("%s: holds %v, want %v", s.label, got, s.held)
		}
	}
	fr.forget(0)
	if fr.holdsBroadcast(0, 6, 100) {
		t.Fatal("held a fill after another load")
	}
}
