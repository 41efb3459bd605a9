package cpu

import (
	"math"
	"math/rand"
	"testing"
)

// TestSumLanes checks sums in lanes against sumDot, bit for bit: 20
// outputs (a block of 16 and one of 4) a plane of 100 elements apart,
// reduction points in runs of 16 and between them (a gap in the table,
// a run cut short), starting from zero or from the output's values.
func TestSumLanes(t *testing.T) {
	if !haveAVX512 {
		t.Skip("no AVX-512F")
	}
	rng := rand.New(rand.NewSource(5))
	a := randomFloats(rng, 20*100, -1, 1)
	var ra []int
	for i := range 40 {
		ra = append(ra, i)
	}
	for i := 47; i < 100; i++ {
		ra = append(ra, i)
	}
	ra = append(ra, 3, 2, 1)
	outer := []tdim{{ext: 2, ca: 0, cout: 40, loop: 0}, {ext: 20, ca: 100, cout: 2, loop: 1}}
	if li := sumLaneLoop(outer, len(ra)); li != 1 {
		t.Fatalf("sumLaneLoop picked loop %d, want 1", li)
	}
	for _, zero := range []bool{false, true} {
		start := randomFloats(rng, 80, -0.5, 0.5)
		want := append([]float32(nil), start...)
		for o := range 2 {
			for c := range 20 {
				if zero {
					want[o*40+c*2] = 0
				}
				sumDot(a, want, c*100, o*40+c*2, ra)
			}
		}
		got := append([]float32(nil), start...)
		if err := runSumLanes(&kernel{}, a, got, ra, outer, 1, zero, 0, 0, nil); err != nil {
			t.Fatal(err)
		}
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("zero %v: out[%d] = %v, want %v", zero, i, got[i], want[i])
			}
		}
	}
}
