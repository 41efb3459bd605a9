package preprocessing_test

import (
	"encoding/json"
	"fmt"
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
	"github.com/torchlower/torchlower/runtime"
)

// The runner configurations of lowering/testdata/runner, turned into torch
// functions as cpu/conv_test.go does (copied: test helpers are not
// exported across packages).

// convCase is one configuration of lowering/testdata/runner, written by
// e2e/gen/convbwd_refs.py with PyTorch's convolution_backward/convolution.
type convCase struct {
	Name          string               `json:"name"`
	Op            string               `json:"op"`
	Stride        []int64              `json:"stride"`
	Padding       []int64              `json:"padding"`
	Dilation      []int64              `json:"dilation"`
	OutputPadding []int64              `json:"output_padding"`
	Groups        int64                `json:"groups"`
	Transposed    bool                 `json:"transposed"`
	OutputMask    []bool               `json:"output_mask"`
	Dtype         string               `json:"dtype"`
	Bias          bool                 `json:"bias"`
	DynamicBatch  bool                 `json:"dynamic_batch"`
	Shapes        map[string][]int64   `json:"shapes"`
	OutputShapes  [][]int64            `json:"output_shapes"`
	Inputs        map[string][]float64 `json:"inputs"`
	Outputs       [][]float64          `json:"outputs"`
}

func (c *convCase) operands() []string {
	if c.Op == "convolution" {
		if c.Bias {
			return []string{"input", "weight", "bias"}
		}
		return []string{"input", "weight"}
	}
	return []string{"grad_output", "input", "weight"}
}

// torchFunc writes the case as torch dialect, as lowering/runner_test.go
// does, but always with static shapes: the plan supports static shapes
// only, so the dynamic-batch cases run specialized to their batch size.
func (c *convCase) torchFunc() string {
	var sb strings.Builder
	vt := func(shape []int64) string {
		parts := make([]string, len(shape))
		for i, d := range shape {
			parts[i] = fmt.Sprint(d)
		}
		return "!torch.vtensor<[" + strings.Join(parts, ",") + "]," + c.Dtype + ">"
	}
	var argTypes, decls []string
	for i, name := range c.operands() {
		argTypes = append(argTypes, vt(c.Shapes[name]))
		decls = append(decls, fmt.Sprintf("%%a%d: %s", i, argTypes[i]))
	}
	var resTypes, retTypes, retVals []string
	for i, m := range c.OutputMask {
		if !m {
			resTypes = append(resTypes, "!torch.none")
			continue
		}
		resTypes = append(resTypes, vt(c.OutputShapes[i]))
		retTypes = append(retTypes, vt(c.OutputShapes[i]))
		retVals = append(retVals, fmt.Sprintf("%%r#%d", i))
	}
	fmt.Fprintf(&sb, "func.func @conv(%s) -> (%s) {\n", strings.Join(decls, ", "), strings.Join(retTypes, ", "))
	list := func(name string, vs []int64) {
		var elems, types []string
		for j, v := range vs {
			fmt.Fprintf(&sb, "  %%%s_%d = torch.constant.int %d\n", name, j, v)
			elems = append(elems, fmt.Sprintf("%%%s_%d", name, j))
			types = append(types, "!torch.int")
		}
		fmt.Fprintf(&sb, "  %%%s = torch.prim.ListConstruct %s : (%s) -> !torch.list<int>\n", name, strings.Join(elems, ", "), strings.Join(types, ", "))
	}
	list("stride", c.Stride)
	list("padding", c.Padding)
	list("dilation", c.Dilation)
	list("output_padding", c.OutputPadding)
	fmt.Fprintf(&sb, "  %%transposed = torch.constant.bool %v\n  %%groups = torch.constant.int %d\n", c.Transposed, c.Groups)
	const common = "!torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int"
	if c.Op == "convolution" {
		bias, biasType := "%none", "!torch.none"
		if c.Bias {
			bias, biasType = "%a2", argTypes[2]
		} else {
			sb.WriteString("  %none = torch.constant.none\n")
		}
		fmt.Fprintf(&sb, "  %%r = torch.aten.convolution %%a0, %%a1, %s, %%stride, %%padding, %%dilation, %%transposed, %%output_padding, %%groups : %s, %s, %s, %s -> %s\n",
			bias, argTypes[0], argTypes[1], biasType, common, retTypes[0])
		fmt.Fprintf(&sb, "  return %%r : %s\n}\n", retTypes[0])
		return sb.String()
	}
	biasType := "!torch.none"
	if c.Bias {
		list("bias_sizes", []int64{c.OutputShapes[2][0]})
		biasType = "!torch.list<int>"
	} else {
		sb.WriteString("  %bias_sizes = torch.constant.none\n")
	}
	for j, m := range c.OutputMask {
		fmt.Fprintf(&sb, "  %%m%d = torch.constant.bool %v\n", j, m)
	}
	sb.WriteString("  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>\n")
	fmt.Fprintf(&sb, "  %%r:3 = torch.aten.convolution_backward %%a0, %%a1, %%a2, %%bias_sizes, %%stride, %%padding, %%dilation, %%transposed, %%output_padding, %%groups, %%mask : %s, %s, %s, %s, %s, !torch.list<bool> -> %s\n",
		argTypes[0], argTypes[1], argTypes[2], biasType, common, strings.Join(resTypes, ", "))
	fmt.Fprintf(&sb, "  return %s : %s\n}\n", strings.Join(retVals, ", "), strings.Join(retTypes, ", "))
	return sb.String()
}

// tolerance is lowering/runner_test.go's: see its derivation there.
func (c *convCase) tolerance() (atol, rtol float64) {
	switch c.Dtype {
	case "f64":
		return 1e-10, 1e-10
	case "f16":
		return 2.0 / 1024, 2.0 / 1024
	case "bf16":
		return 2.0 / 128, 2.0 / 128
	}
	return 1e-4, 1e-4
}

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

func (c *convCase) run(t *testing.T, m *ir.Operation) []*runtime.Tensor {
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
	for _, name := range c.operands() {
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
func (c *convCase) check(t *testing.T, label string, got []*runtime.Tensor) {
	t.Helper()
	atol, rtol := c.tolerance()
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
// every variant matches PyTorch and that the variants agree bit for bit
// (the rewrites move data, they do not reorder arithmetic).
func TestEquivalenceOnConvRunner(t *testing.T) {
	variants := []string{"strided-insert-slice-to-generic{max-pass-through-elements=-1}", "swap-strided-insert-slice-with-contraction",
		"backward-data-conv", "swap-strided-insert-slice-with-contraction,strided-insert-slice-to-generic{max-pass-through-elements=-1}"}
	converted := 0
	for _, c := range loadCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			src := c.torchFunc()
			base := lower(t, c.Name, src, "")
			strided := countOps(base, tensor.IsStridedInsertSlice)
			ref := c.run(t, base)
			c.check(t, "baseline", ref)
			for _, v := range variants {
				m := lower(t, c.Name, src, v)
				if left := countOps(m, tensor.IsStridedInsertSlice); left != 0 && strings.Contains(v, "=-1") {
					t.Errorf("%s: %d strided insert_slice left (of %d)", v, left, strided)
				}
				if irtest.HaveMLIROpt() {
					if _, err := irtest.RunMLIROpt(ir.Sprint(m, ir.PrintOptions{}), "--verify-each"); err != nil {
						t.Errorf("%s: upstream mlir-opt rejects the output: %v", v, err)
					}
				}
				got := c.run(t, m)
				c.check(t, v, got)
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
