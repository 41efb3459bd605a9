package cpu_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	mathd "github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/lowering"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
	"github.com/torchlower/torchlower/torch"
)

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

func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect, arith.Dialect, mathd.Dialect, tensor.Dialect, linalg.Dialect, torch.Dialect)
}

// lowerTorch parses torch-dialect text and runs convert-torch-to-linalg.
func lowerTorch(t testing.TB, name, src string) *ir.Operation {
	t.Helper()
	ctx := newContext()
	m, err := asm.Parse(ctx, src, asm.Options{FileName: name + ".mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	pl := &pass.Pipeline{Entries: []pass.Entry{{Pass: lowering.ConvertTorchToLinalg, Options: pass.DefaultOptions(lowering.ConvertTorchToLinalg)}}}
	pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
	if err := pm.Run(m); err != nil {
		t.Fatalf("lowering: %v", err)
	}
	return m
}

func dtypeOf(t testing.TB, s string) runtime.DType {
	dt, err := runtime.ParseDType(s)
	if err != nil {
		t.Fatal(err)
	}
	return dt
}

// TestConvRunner runs every convolution configuration of
// lowering/testdata/runner through lowering → plan → cpu and compares with
// PyTorch's results.
func TestConvRunner(t *testing.T) {
	files, err := filepath.Glob("../lowering/testdata/runner/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no runner cases: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c convCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			m := lowerTorch(t, c.Name, c.torchFunc())
			p, err := plan.Build(m, "conv")
			if err != nil {
				t.Fatalf("plan: %v", err)
			}
			dt := dtypeOf(t, c.Dtype)
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
			atol, rtol := c.tolerance()
			worst := 0.0
			j := 0
			for i, on := range c.OutputMask {
				if !on {
					continue
				}
				r := got[j]
				j++
				want := c.Outputs[i]
				if r.NumElements() != len(want) {
					t.Fatalf("result %d: %d elements, want %d", i, r.NumElements(), len(want))
				}
				for k, w := range want {
					g := r.Float64(k)
					e := math.Abs(g-w) / (atol + rtol*math.Abs(w))
					if math.IsNaN(e) || e > 1 {
						t.Fatalf("result %d element %d: got %g, pytorch %g (atol %g, rtol %g)\n%s", i, k, g, w, atol, rtol, p)
					}
					worst = max(worst, e)
				}
			}
			t.Logf("max error / tolerance = %.3g, peak %d bytes", worst, p.PeakBytes())
		})
	}
}
