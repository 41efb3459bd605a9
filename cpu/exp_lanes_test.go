package cpu

import (
	"math"
	"math/rand"
	"testing"
)

// TestLaneExp: the exp lane kernel gives math.Exp's bits on every lane it
// does — values of every scale in [-700, 700], float32 values (a
// softmax's), ±0, the ends of the range — and stops at a block with a
// lane outside it (infinities, NaN, overflow, subnormal results), which
// expLanes then gives math.Exp's bits for too.
func TestLaneExp(t *testing.T) {
	if !laneKernels {
		t.Skip("no AVX-512: the lane kernels do not run")
	}
	rng := rand.New(rand.NewSource(7))
	specials := []float64{0, math.Copysign(0, -1), 700, -700, 709.7, 709.8, -745, -746, 1e-300, -1e-300,
		math.Inf(1), math.Inf(-1), math.NaN(), 88.72283935546875, -103.97208404541016}
	const n = 1 << 16
	src := make([]float64, n)
	for trial := range 6 {
		for j := range src {
			switch trial {
			case 0:
				src[j] = (rng.Float64()*2 - 1) * 700
			case 1:
				src[j] = float64(float32(rng.NormFloat64() * 10))
			case 2:
				src[j] = rng.NormFloat64() * math.Pow(2, float64(rng.Intn(56)-50))
			case 3:
				src[j] = float64(float32(-rng.Float64() * 30)) // x − max of a softmax
			default:
				src[j] = (rng.Float64()*2 - 1) * 700
				if rng.Intn(50) == 0 {
					src[j] = specials[rng.Intn(len(specials))]
				}
			}
		}
		got := make([]float64, n)
		did := laneExp(&got[0], &src[0], n)
		if trial < 4 && did != n {
			t.Fatalf("trial %d: the kernel did %d of %d lanes, all in range", trial, did, n)
		}
		for j := range did {
			if want := math.Exp(src[j]); math.Float64bits(got[j]) != math.Float64bits(want) {
				t.Fatalf("trial %d: exp(%v) = %v (%#x) in the lanes, math.Exp %v (%#x)", trial, src[j], got[j], math.Float64bits(got[j]), want, math.Float64bits(want))
			}
		}
		expLanes(got, src)
		for j := range src {
			if want := math.Exp(src[j]); math.Float64bits(got[j]) != math.Float64bits(want) && !(math.IsNaN(want) && math.IsNaN(got[j])) {
				t.Fatalf("trial %d: expLanes(%v) = %v, math.Exp %v", trial, src[j], got[j], want)
			}
		}
	}
}
