package lowering

import (
	"fmt"
	"math"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/plan"
	tlrt "github.com/torchlower/torchlower/runtime"
)

// The tests in this file run every case of the four non-convolution runner
// tests (TestRunnerElementwise, TestRunnerDataMovement, TestReductionRunner,
// TestNormPoolRunner) through the project's own executor — lowering, then
// plan.Build and cpu.Run — on the same inputs, and compare with the same
// PyTorch references and tolerances the runner tests use (the convolution
// cases run the same way in cpu/conv_test.go). They need only the committed
// references, not upstream MLIR, so they run everywhere; where MLIR is
// installed, the runner tests and these together check that our executor
// agrees with mlir-cpu-runner on the lowering tests' programs.
//
// Beyond each runner's tolerance rule: a NaN reference must be NaN, an
// infinite one must be equal, and any other reference is failed by a NaN
// or infinite result.

// xcKnownFailures lists cases that fail in plan/ or cpu/ today, each with a
// one-line diagnosis; it is empty: the KV-cache decode cases that once
// needed run-time slice offsets now run (plan's scalar steps).
var xcKnownFailures = map[string]string{}

// xcTensor is a reference tensor of any family: torch dtype ("f32",
// "si64", "ui8", "i1", ...), shape and row-major values.
type xcTensor struct {
	dtype string
	shape []int64
	vals  []float64
}

// xcLower parses torch-dialect text and runs convert-torch-to-linalg, as
// the runner tests do.
func xcLower(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	ctx := newContext()
	m, err := asm.Parse(ctx, src, asm.Options{FileName: name + ".mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	pl := torchToLinalgPipeline()
	if err := (&pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}).Run(m); err != nil {
		t.Fatalf("lowering: %v", err)
	}
	return m
}

// xcTorchDType is the host dtype the lowered (signless) function uses for
// a torch dtype: ui8 is i8 in the builtin types, as the runners' elem()
// methods have it.
func xcTorchDType(s string) (tlrt.DType, error) {
	if s == "ui8" {
		return tlrt.I8, nil
	}
	return tlrt.ParseDType(s)
}

// xcArg makes the argument tensor for buffer b from a reference tensor.
func xcArg(b *plan.Buffer, in xcTensor) (*tlrt.Tensor, error) {
	dt, err := cpu.DTypeOf(b.Elem)
	if err != nil {
		return nil, err
	}
	if want, err := xcTorchDType(in.dtype); err != nil || want != dt {
		return nil, fmt.Errorf("plan argument is %s, the case's input is %s", dt, in.dtype)
	}
	vals := in.vals
	if in.dtype == "ui8" { // stored as signless i8: two's complement
		vals = make([]float64, len(in.vals))
		for i, v := range in.vals {
			vals[i] = float64(int8(uint8(v)))
		}
	}
	return tlrt.FromFloat64s(dt, in.shape, vals)
}

// xcValue reads element k of a result of torch dtype dtype as float64.
func xcValue(r *tlrt.Tensor, dtype string, k int) float64 {
	if dtype == "ui8" && r.DType == tlrt.I8 {
		return float64(uint8(r.Int64(k)))
	}
	return r.Float64(k)
}

// xcExec plans @fn of the lowered module, runs it on the inputs and checks
// each result's dtype and shape against the references. within says
// whether a finite result g is close enough to a finite reference w of
// result j.
func xcExec(t *testing.T, m *ir.Operation, fn string, inputs, outputs []xcTensor, within func(j int, g, w float64) bool) {
	t.Helper()
	p, err := plan.Build(m, fn)
	if err != nil {
		t.Fatalf("plan.Build: %v", err)
	}
	if len(p.Args) != len(inputs) {
		t.Fatalf("plan takes %d arguments, the case has %d inputs", len(p.Args), len(inputs))
	}
	args := make([]*tlrt.Tensor, len(inputs))
	for i, in := range inputs {
		if args[i], err = xcArg(p.Args[i], in); err != nil {
			t.Fatalf("argument %d: %v", i, err)
		}
	}
	got, err := cpu.Run(p, args)
	if err != nil {
		t.Fatalf("cpu.Run: %v\n%s", err, p)
	}
	if len(got) != len(outputs) {
		t.Fatalf("%d results, want %d", len(got), len(outputs))
	}
	for j, w := range outputs {
		r := got[j]
		if r == nil {
			t.Fatalf("result %d is None", j)
		}
		if dt, err := xcTorchDType(w.dtype); err != nil || dt != r.DType {
			t.Fatalf("result %d has dtype %s, want %s", j, r.DType, w.dtype)
		}
		if fmt.Sprint(r.Shape) != fmt.Sprint(w.shape) && !(len(r.Shape) == 0 && len(w.shape) == 0) {
			t.Fatalf("result %d has shape %v, want %v", j, r.Shape, w.shape)
		}
		if r.NumElements() != len(w.vals) {
			t.Fatalf("result %d: %d elements, want %d", j, r.NumElements(), len(w.vals))
		}
		bad := 0
		for k, want := range w.vals {
			g := xcValue(r, w.dtype, k)
			ok := false
			switch {
			case math.IsNaN(want):
				ok = math.IsNaN(g)
			case math.IsInf(want, 0):
				ok = g == want
			case math.IsNaN(g) || math.IsInf(g, 0):
				ok = false
			default:
				ok = g == want || within(j, g, want)
			}
			if !ok {
				if bad < 5 {
					t.Errorf("result %d element %d: cpu %g, pytorch %g (ours − pytorch = %g)", j, k, g, want, g-want)
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("result %d: %d of %d elements differ", j, bad, len(w.vals))
		}
	}
	if t.Failed() {
		t.Logf("plan:\n%s", p)
	}
}

func xcSkipKnown(t *testing.T, family, name string) {
	if why, ok := xcKnownFailures[family+"/"+name]; ok {
		t.Skipf("known plan/cpu failure: %s", why)
	}
}

// TestCPUCrosscheckElementwise runs ewRunCases (TestRunnerElementwise) with
// plan+cpu: |ours − PyTorch| ≤ tol·(1 + |PyTorch|), tol per case. The
// f16/bf16 cases, which the runner skips where MLIR 16 cannot lower them,
// always run here.
func TestCPUCrosscheckElementwise(t *testing.T) {
	for _, c := range ewRunCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			xcSkipKnown(t, "elementwise", c.name)
			m := xcLower(t, c.name, ewRunModule([]ewRunCase{c}))
			var ins []xcTensor
			for _, in := range c.inputs {
				ins = append(ins, xcTensor{in.dtype, in.shape, in.vals})
			}
			outs := []xcTensor{{c.want.dtype, c.want.shape, c.want.vals}}
			xcExec(t, m, "case0", ins, outs, func(_ int, g, w float64) bool {
				return math.Abs(g-w) <= c.tol*(1+math.Abs(w))
			})
		})
	}
}

// TestCPUCrosscheckDataMovement runs dmRunCases (TestRunnerDataMovement)
// with plan+cpu: results must equal PyTorch's exactly.
func TestCPUCrosscheckDataMovement(t *testing.T) {
	for _, c := range dmRunCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			xcSkipKnown(t, "datamovement", c.name)
			refs, ok := dmRunRefs[c.name]
			if !ok || len(refs) != len(c.outputs) {
				t.Fatalf("%d references for %d outputs", len(refs), len(c.outputs))
			}
			m := xcLower(t, c.name, c.fn)
			var ins, outs []xcTensor
			for _, in := range c.inputs {
				ins = append(ins, xcTensor{map[bool]string{false: "f32", true: "si64"}[in.ints != nil], in.shape, in.values()})
			}
			for j, s := range c.outputs {
				outs = append(outs, xcTensor{"f32", s, refs[j]})
			}
			xcExec(t, m, "f", ins, outs, func(int, float64, float64) bool { return false })
		})
	}
}

// TestCPUCrosscheckReduction runs reductionRefCases (TestReductionRunner)
// with plan+cpu: |ours − PyTorch| ≤ atol + rtol·|PyTorch|, per case.
func TestCPUCrosscheckReduction(t *testing.T) {
	conv := func(ts []redRefTensor) []xcTensor {
		var out []xcTensor
		for _, r := range ts {
			out = append(out, xcTensor{r.Dtype, r.Shape, r.Values})
		}
		return out
	}
	for i := range reductionRefCases {
		c := &reductionRefCases[i]
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			xcSkipKnown(t, "reduction", c.Name)
			m := xcLower(t, c.Name, c.Func)
			xcExec(t, m, "f", conv(c.Inputs), conv(c.Outputs), func(_ int, g, w float64) bool {
				return math.Abs(g-w) <= c.Atol+c.Rtol*math.Abs(w)
			})
		})
	}
}

// TestCPUCrosscheckNormPool runs normpoolRefs (TestNormPoolRunner) with
// plan+cpu: |ours − PyTorch| ≤ atol + rtol·|PyTorch| with the result
// dtype's tolerance (npRefTensor.tolerance; integers exact).
func TestCPUCrosscheckNormPool(t *testing.T) {
	conv := func(ts []npRefTensor) []xcTensor {
		var out []xcTensor
		for _, r := range ts {
			out = append(out, xcTensor{r.Dtype, r.Shape, r.Data})
		}
		return out
	}
	for _, c := range normpoolRefs {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			xcSkipKnown(t, "normpool", c.Name)
			m := xcLower(t, c.Name, c.Func)
			xcExec(t, m, "f", conv(c.Inputs), conv(c.Outputs), func(j int, g, w float64) bool {
				atol, rtol := c.Outputs[j].tolerance()
				return atol != 0 && math.Abs(g-w) <= atol+rtol*math.Abs(w)
			})
		})
	}
}
