package preprocessing_test

import (
	"encoding/json"
	"github.com/torchlower/torchlower/internal/convcase"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/preprocessing"
	"github.com/torchlower/torchlower/runtime"
)

// convCase is a configuration of lowering/testdata/runner.
type convCase = convcase.Case

// lower parses torch-dialect text and runs convert-torch-to-linalg, then
// pipeline (if not empty).
func lower(t testing.TB, name, src, pipeline string) *ir.Operation {
	t.Helper()
	ctx := cli.NewContext()
	m, err := asm.Parse(ctx, src, asm.Options{FileName: name + ".mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	text := "convert-torch-to-linalg"
	if pipeline != "" {
		text += "," + pipeline
	}
	pl, err := registry().Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
	if err := pm.Run(m); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return m
}

func countOps(m *ir.Operation, pred func(*ir.Operation) bool) int {
	n := 0
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if pred(o) {
			n++
		}
	})
	return n
}

func loadCases(t *testing.T) []*convCase {
	files, err := filepath.Glob("../lowering/testdata/runner/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no runner cases: %v", err)
	}
	var cases []*convCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c convCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cases = append(cases, &c)
	}
	return cases
}

func runCase(t *testing.T, c *convCase, m *ir.Operation) []*runtime.Tensor {
	t.Helper()
	p, err := plan.Build(m, "conv")
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	dt, err := runtime.ParseDType(c.Dtype)
	if err != nil {
		t.Fatal(err)
	}
	var args []*runtime.Tensor
	for _, name := range c.Operands() {
		a, err := runtime.FromFloat64s(dt, c.Shapes[name], c.Inputs[name])
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, a)
	}
	got, err := cpu.Run(p, args)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, p)
	}
	return got
}

// check compares results with PyTorch's within the runner tolerance.
func checkCase(t *testing.T, c *convCase, label string, got []*runtime.Tensor) {
	t.Helper()
	atol, rtol := c.Tolerance()
	j := 0
	for i, on := range c.OutputMask {
		if !on {
			continue
		}
		r := got[j]
		j++
		want := c.Outputs[i]
		if r.NumElements() != len(want) {
			t.Fatalf("%s result %d: %d elements, want %d", label, i, r.NumElements(), len(want))
		}
		for k, w := range want {
			g := r.Float64(k)
			e := math.Abs(g-w) / (atol + rtol*math.Abs(w))
			if math.IsNaN(e) || e > 1 {
				t.Fatalf("%s result %d element %d: got %g, pytorch %g (atol %g, rtol %g)", label, i, k, g, w, atol, rtol)
			}
		}
	}
}

// TestEquivalenceOnConvRunner lowers every convolution configuration of
// lowering/testdata/runner, runs it through plan and cpu without and with
// the backward-data-conv pipeline (and each pass alone), and checks that
// every variant matches PyTorch and that the variants without the phase
// decomposition agree bit for bit with the baseline (those rewrites move
// data, they do not reorder arithmetic; the decomposition does).
func TestEquivalenceOnConvRunner(t *testing.T) {
	variants := []string{"strided-insert-slice-to-generic{max-pass-through-elements=-1}", "swap-strided-insert-slice-with-contraction",
		"backward-data-conv", "swap-strided-insert-slice-with-contraction,strided-insert-slice-to-generic{max-pass-through-elements=-1}",
		"decompose-strided-backward-data", "decompose-strided-backward-data,strided-insert-slice-to-generic{max-pass-through-elements=-1}"}
	converted := 0
	for _, c := range loadCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			src := c.TorchFunc()
			base := lower(t, c.Name, src, "")
			strided := countOps(base, tensor.IsStridedInsertSlice)
			ref := runCase(t, c, base)
			checkCase(t, c, "baseline", ref)
			for _, v := range variants {
				m := lower(t, c.Name, src, v)
				if reordersSums(v) {
					// The decomposition writes its phases with a chain of
					// strided insert_slices into non-zero destinations (the
					// earlier phases), which nothing needs to convert; what
					// must hold is that no contraction reads a scatter.
					if readsScatter(m) {
						t.Errorf("%s: a contraction still reads a strided insert_slice", v)
					}
				} else if left := countOps(m, tensor.IsStridedInsertSlice); left != 0 && strings.Contains(v, "=-1") {
					t.Errorf("%s: %d strided insert_slice left (of %d)", v, left, strided)
				}
				if irtest.HaveMLIROpt() {
					if _, err := irtest.RunMLIROpt(ir.Sprint(m, ir.PrintOptions{}), "--verify-each"); err != nil {
						t.Errorf("%s: upstream mlir-opt rejects the output: %v", v, err)
					}
				}
				got := runCase(t, c, m)
				checkCase(t, c, v, got)
				if reordersSums(v) {
					// The phase decomposition sums each output's products in
					// another order: compare with PyTorch only (above).
					continue
				}
				for i := range got {
					for k := 0; k < got[i].NumElements(); k++ {
						if a, b := got[i].Float64(k), ref[i].Float64(k); a != b && !(math.IsNaN(a) && math.IsNaN(b)) {
							t.Fatalf("%s result %d element %d: %g, baseline %g", v, i, k, a, b)
						}
					}
				}
			}
			if c.Name == "conv2d_1x1_stride2" {
				// The 1x1 stride-2 data gradient: the swap must fire and cut
				// the data-gradient MACs by s^D = 4.
				m := lower(t, c.Name, src, "swap-strided-insert-slice-with-contraction")
				before, after := macs(base), macs(m)
				if readsScatter(m) {
					t.Errorf("a contraction still reads a strided insert_slice after the swap")
				}
				t.Logf("MACs of all contractions: %d before, %d after the swap", before, after)
				if before-after == 0 {
					t.Errorf("the swap did not reduce the MACs")
				}
			}
			if strided > 0 {
				converted++
				t.Logf("%d strided insert_slice(s) rewritten; results equal", strided)
			}
		})
	}
	if converted == 0 {
		t.Fatal("no runner case has a strided insert_slice: the test checks nothing")
	}
	t.Logf("%d cases with strided scatters", converted)
}

// reordersSums reports whether a variant runs the phase decomposition,
// which changes the summation order (so results may differ from the
// unrewritten program in the last bits).
func reordersSums(v string) bool {
	return strings.Contains(v, "decompose-strided-backward-data") ||
		v == "backward-data-conv" && strings.Contains(preprocessing.BackwardDataConvPipeline, "decompose-strided-backward-data")
}

// macs sums, over the linalg.generic ops with a reduction loop, the
// product of their loop extents (one multiply-add per point).
func macs(m *ir.Operation) int64 {
	var total int64
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name != linalg.Generic || !slices.Contains(linalg.IteratorTypes(o), linalg.Reduction) {
			return
		}
		ext := make([]int64, linalg.NumLoops(o))
		for k, mp := range linalg.IndexingMaps(o) {
			shape := o.Operand(k).Type().(ir.RankedTensorType).Shape
			for r, e := range mp.Results {
				if d, ok := e.AsDim(); ok {
					ext[d] = shape[r]
				}
			}
		}
		n := int64(1)
		for _, e := range ext {
			n *= e
		}
		total += n
	})
	return total
}

// readsScatter reports whether a contraction reads a strided insert_slice.
func readsScatter(m *ir.Operation) bool {
	found := false
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name != linalg.Generic || !slices.Contains(linalg.IteratorTypes(o), linalg.Reduction) {
			return
		}
		for _, v := range linalg.Inputs(o) {
			if d := v.DefiningOp(); d != nil && tensor.IsStridedInsertSlice(d) {
				found = true
			}
		}
	})
	return found
}
