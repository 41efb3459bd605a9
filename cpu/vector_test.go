package cpu_test

import (
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// TestLanesMatchInterpreter runs elementwise generics and reductions
// through the lane program and through the interpreter, on values that
// include NaN, infinities, signed zeros and numbers that round
// differently in f16 and bf16 (finite ones for reductions), and asserts
// identical bits.
func TestLanesMatchInterpreter(t *testing.T) {
	// The variances run as contractions otherwise (runDeviations); here
	// they test the lanes' grouped folds. The gathers would copy rows
	// (gatherrows.go): here they test the lanes' gathers.
	defer cpu.SetDevSums(cpu.SetDevSums(false))
	defer cpu.SetGatherRows(cpu.SetGatherRows(false))
	m := parseFile(t, "testdata/lanes.mlir")
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1e-8, 65519, 3.14159265, -2.5}
	rng := rand.New(rand.NewSource(7))
	for _, fn := range []string{"bias_relu", "arith_f32", "bf16_act", "mixed", "in_place", "neg_zero", "f32_bn_relu", "f32_ops", "variance", "variance_wide", "sum_all", "fold_groups", "sum_lead", "fold_f16", "fold_sub", "reads_out",
		"argmax_rows", "masked_scan", "int_arith", "gather_rows", "rows_window"} {
		// Every body runs in lanes: @reads_out's reduction, which folds
		// nothing, and @argmax_rows's two outputs with their row loop
		// moved innermost; @masked_scan and @int_arith with integer
		// arithmetic and loop indices, @gather_rows with a gather.
		wantLanes := true
		// A NaN or an infinity would take over a whole reduction and
		// hide a wrong order of its terms: reductions get finite values.
		reduces := !slices.Contains([]string{"bias_relu", "arith_f32", "bf16_act", "mixed", "in_place", "neg_zero", "f32_bn_relu", "f32_ops", "int_arith", "gather_rows", "rows_window"}, fn)
		t.Run(fn, func(t *testing.T) {
			p, err := plan.Build(m, fn)
			if err != nil {
				t.Fatal(err)
			}
			args := drawnArgs(t, p, func(i int) float64 {
				if i%11 == 0 && !reduces {
					return specials[(i/11)%len(specials)]
				}
				return rng.NormFloat64() * 3
			})
			before, groupsBefore, f32Before, rowsBefore := cpu.FastRuns(), cpu.GroupedFolds(), cpu.Lanes32Runs(), cpu.RowBlockRuns()
			lanes, err := cpu.Run(p, args)
			if err != nil {
				t.Fatal(err)
			}
			if ran := cpu.FastRuns() != before; ran != wantLanes {
				t.Fatalf("@%s ran through the lane program: %v, want %v", fn, ran, wantLanes)
			}
			// The f32 bodies of compares, selects and arithmetic run in
			// float32 lanes, and so do the f32 sums' folds.
			wantF32 := slices.Contains([]string{"f32_bn_relu", "f32_ops", "in_place", "variance", "variance_wide", "sum_all", "rows_window"}, fn)
			if ran := cpu.Lanes32Runs() != f32Before; ran != wantF32 {
				t.Fatalf("@%s ran in float32 lanes: %v, want %v", fn, ran, wantF32)
			}
			// @variance_wide's 19 channels fold 8 at a time: two groups a
			// batch image.
			if groups := cpu.GroupedFolds() - groupsBefore; fn == "variance_wide" && groups == 0 {
				t.Fatalf("@%s folded no group of eight f32 sums interleaved", fn)
			}
			// @rows_window's three bodies run in blocks of rows.
			if rows := cpu.RowBlockRuns() - rowsBefore; fn == "rows_window" && rows != 3 {
				t.Fatalf("@%s ran %d steps in blocks of rows, want 3", fn, rows)
			}
			ref := interpreted(t, p, args)
			for i := range ref {
				for j := 0; j < ref[i].NumElements(); j++ {
					g, w := lanes[i].Float64(j), ref[i].Float64(j)
					if math.Float64bits(g) != math.Float64bits(w) && !(math.IsNaN(g) && math.IsNaN(w)) {
						t.Fatalf("result %d element %d: lanes %v, interpreter %v", i, j, g, w)
					}
				}
			}
		})
	}
}

// A gather whose index is out of range fails in the lane program and in
// the gather-rows path as in the interpreter, naming the index and the
// range.
func TestLaneGatherOutOfRange(t *testing.T) {
	m := parseFile(t, "testdata/lanes.mlir")
	p, err := plan.Build(m, "gather_unchecked")
	if err != nil {
		t.Fatal(err)
	}
	w := tensorOf(t, runtime.F32, []int64{5, 300}, make([]float64, 1500))
	ids := tensorOf(t, runtime.I64, []int64{7}, []float64{0, 1, 2, 9, 3, 4, 0})
	out := tensorOf(t, runtime.F32, []int64{7, 300}, make([]float64, 2100))
	for _, rows := range []bool{true, false} {
		for _, fast := range []bool{true, false} {
			prevRows, prev := cpu.SetGatherRows(rows), cpu.SetFastContractions(fast)
			before, rowsBefore := cpu.FastRuns(), cpu.GatherRowRuns()
			_, err := cpu.Run(p, []*runtime.Tensor{w, ids, out})
			ran, ranRows := cpu.FastRuns() != before, cpu.GatherRowRuns() != rowsBefore
			cpu.SetFastContractions(prev)
			cpu.SetGatherRows(prevRows)
			if ranRows != rows || ran != (fast && !rows) {
				t.Errorf("rows=%v fast=%v: ran as rows: %v, through the lane program: %v", rows, fast, ranRows, ran)
			}
			if err == nil || !strings.Contains(err.Error(), "tensor.extract index 9 out of range [0, 5) in dimension 0") {
				t.Errorf("rows=%v fast=%v: error %v, want the index out of range", rows, fast, err)
			}
		}
	}
}

// TestDeviationsMatchInterpreter runs batch norms' variances, Σ (x −
// mean)², as squared-deviation contractions, and their gradients' Σ dy·(x
// − mean) as scaled ones: 5 channels one output at a time, 19 channels
// in lanes (16 and 3, rows of 40 in runs of 16 and a rest of 8; x and
// dy also as windows of wider rows, one element apart), and
// asserts the interpreter's bits (signed zeros, values whose differences
// and products round, large and tiny ones); a body whose squared
// deviation is dead (it sums the input) is not one, nor one whose scale
// does not lie as x does, nor squared errors (the subtrahend moving along
// the reduction).
func TestDeviationsMatchInterpreter(t *testing.T) {
	m := parseFile(t, "testdata/lanes.mlir")
	rng := rand.New(rand.NewSource(17))
	specials := []float64{0, math.Copysign(0, -1), 1e-20, 1234.5, 1 + 1.0/(1<<22), -2.5}
	for _, fn := range []string{"variance", "variance_wide", "variance_dead", "scaled_dev", "scaled_dev_wide", "scaled_dev_windows", "scaled_dev_transposed", "sq_error_rows"} {
		notOne := fn == "variance_dead" || fn == "scaled_dev_transposed" || fn == "sq_error_rows"
		wide := fn == "variance_wide" || fn == "scaled_dev_wide" || fn == "scaled_dev_windows"
		p, err := plan.Build(m, fn)
		if err != nil {
			t.Fatal(err)
		}
		var args []*runtime.Tensor
		for _, b := range p.Args {
			vs := make([]float64, b.NumElements())
			for i := range vs {
				if i%13 == 0 {
					vs[i] = specials[(i/13)%len(specials)]
				} else {
					vs[i] = rng.NormFloat64() * 3
				}
			}
			args = append(args, tensorOf(t, runtime.F32, b.Shape, vs))
		}
		devs, lanes := cpu.DeviationRuns(), cpu.SumLaneRuns()
		got, err := cpu.Run(p, args)
		if err != nil {
			t.Fatal(err)
		}
		if ran := cpu.DeviationRuns() != devs; ran != !notOne {
			t.Fatalf("@%s ran as a deviation contraction: %v", fn, ran)
		}
		if inLanes := cpu.SumLaneRuns() != lanes; !notOne && inLanes != (wide && cpu.HaveAVX512()) {
			t.Fatalf("@%s summed in lanes: %v", fn, inLanes)
		}
		want := interpreted(t, p, args)
		for j := 0; j < want[0].NumElements(); j++ {
			if g, w := got[0].Float64(j), want[0].Float64(j); math.Float64bits(g) != math.Float64bits(w) {
				t.Fatalf("@%s element %d: %v, the interpreter %v", fn, j, g, w)
			}
		}
	}
}
