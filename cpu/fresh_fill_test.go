package cpu_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/runtime"
)

// TestFillsIntoFreshResults: a fill of +0.0 into a result no step has
// written is skipped (its memory is fresh zeros), and the result is
// right; a fill of -0.0 and a fill after a write run.
func TestFillsIntoFreshResults(t *testing.T) {
	const file = "testdata/fresh_fill.mlir"
	x := tensorOf(t, runtime.F32, []int64{3, 4}, seq(12, func(i int) float64 { return float64(i) + 1 }))
	// The strided region over its zeros: x at even rows and columns.
	region := func(t *testing.T, got *runtime.Tensor, gap float64) {
		t.Helper()
		for i := range 48 {
			r, c := i/8, i%8
			want := gap
			if r%2 == 0 && c%2 == 0 {
				want = x.Float64(r/2*4 + c/2)
			}
			g := got.Float64(i)
			if g != want || math.Signbit(g) != math.Signbit(want) {
				t.Fatalf("element (%d, %d) is %v, want %v", r, c, g, want)
			}
		}
	}
	// run runs fn of the file and checks how many fills were skipped.
	run := func(t *testing.T, fn string, wantSkipped int64, args ...*runtime.Tensor) []*runtime.Tensor {
		t.Helper()
		before := cpu.SkippedFills()
		out := runFile(t, file, fn, args...)
		if got := cpu.SkippedFills() - before; got != wantSkipped {
			t.Errorf("%d fills skipped, want %d", got, wantSkipped)
		}
		return out
	}

	t.Run("fresh", func(t *testing.T) {
		region(t, run(t, "zeros_then_region", 1, x)[0], 0)
	})
	t.Run("negzero", func(t *testing.T) {
		region(t, run(t, "negzero", 0, x)[0], math.Copysign(0, -1))
	})
	t.Run("write_then_fill", func(t *testing.T) {
		y := tensorOf(t, runtime.F32, []int64{8}, seq(8, func(i int) float64 { return float64(i) - 2.5 }))
		// The sum's fill is skipped (fresh), the refill of the doubled
		// values is not.
		out := run(t, "write_then_fill", 1, y)
		if !bytes.Equal(out[0].Data, make([]byte, 32)) {
			t.Errorf("the refilled result is %v, want zeros", out[0].Float64s())
		}
		if got := out[1].Float64(0); got != 2*(-2.5-1.5-0.5+0.5+1.5+2.5+3.5+4.5) {
			t.Errorf("sum %v", got)
		}
	})
}
