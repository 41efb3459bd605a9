package cpu

import (
	"math"
	"math/rand"
	"testing"
)

// TestLaneErf: the erf lane kernel gives math.Erf's bits on every lane it
// does — values in each of erf.go's regions and at their bounds (0.84375,
// 1.25, 1/0.35, 6), float32 values (a GELU's), blocks mixing regions —
// and stops at a block with a lane it leaves to Go (below 2^-28 in
// magnitude, ±0, infinite, NaN), which erfLanes then gives math.Erf's
// bits for too.
func TestLaneErf(t *testing.T) {
	if !laneKernels {
		t.Skip("no AVX-512: the lane kernels do not run")
	}
	rng := rand.New(rand.NewSource(11))
	bounds := []float64{0.84375, 1.25, 1 / 0.35, 6}
	specials := []float64{0, math.Copysign(0, -1), 1e-300, -1e-9, math.Inf(1), math.Inf(-1), math.NaN(), 0x1p-29, math.Nextafter(0x1p-28, 0), 0x1p-28}
	const n = 1 << 16
	src := make([]float64, n)
	for trial := range 7 {
		for j := range src {
			x := 0.0
			switch trial {
			case 0: // every region, mixed in each block
				x = (rng.Float64()*2 - 1) * 7
			case 1: // a GELU's f32 inputs over √2
				x = float64(float32(rng.NormFloat64()*3)) * 0.7071067811865476
			case 2: // every scale from 2^-28 up
				x = math.Copysign(math.Pow(2, -28+rng.Float64()*31), rng.Float64()-0.5)
			case 3: // next to the regions' bounds
				b := bounds[rng.Intn(len(bounds))]
				x = math.Copysign(math.Nextafter(b, b*float64(rng.Intn(3))), rng.Float64()-0.5)
				if rng.Intn(2) == 0 {
					x = math.Copysign(b, x)
				}
			case 4: // one region a block
				lo := []float64{0x1p-28, 0.84375, 1.25, 1 / 0.35, 6}[j/8%5]
				hi := []float64{0.84375, 1.25, 1 / 0.35, 6, 30}[j/8%5]
				x = lo + rng.Float64()*(hi-lo)
			default:
				x = (rng.Float64()*2 - 1) * 7
				if rng.Intn(50) == 0 {
					x = specials[rng.Intn(len(specials))]
				}
			}
			src[j] = x
		}
		checkLaneKernel(t, "erf", trial, src, trial < 5, laneErf, erfLanes, math.Erf)
	}
}
