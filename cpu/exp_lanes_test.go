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
		checkLaneKernel(t, "exp", trial, src, trial < 4, laneExp, expLanes, math.Exp)
	}
}

// checkLaneKernel checks a lane kernel of f on src: it does every lane
// where whole is set, gives f's bits on every lane it does, and blocks
// (the kernel, then f where it stops) gives f's bits on all of them.
func checkLaneKernel(t *testing.T, name string, trial int, src []float64, whole bool,
	kernel func(d, s *float64, n int) int, blocks func(d, s []float64), f func(float64) float64) {
	t.Helper()
	n := len(src)
	got := make([]float64, n)
	did := kernel(&got[0], &src[0], n)
	if whole && did != n {
		t.Fatalf("trial %d: the %s kernel did %d of %d lanes, none left to Go", trial, name, did, n)
	}
	for j := range did {
		if want := f(src[j]); math.Float64bits(got[j]) != math.Float64bits(want) {
			t.Fatalf("trial %d: %s(%v) = %v (%#x) in the lanes, Go's %v (%#x)", trial, name, src[j], got[j], math.Float64bits(got[j]), want, math.Float64bits(want))
		}
	}
	blocks(got, src)
	for j := range src {
		if want := f(src[j]); math.Float64bits(got[j]) != math.Float64bits(want) && !(math.IsNaN(want) && math.IsNaN(got[j])) {
			t.Fatalf("trial %d: %s over blocks(%v) = %v, Go's %v", trial, name, src[j], got[j], want)
		}
	}
}
