package cpu_test

import (
	"encoding/json"
	"github.com/torchlower/torchlower/internal/convcase"
	"math"
	"os"
	"path/filepath"
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

// convCase is a configuration of lowering/testdata/runner.
type convCase = convcase.Case

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
			m := lowerTorch(t, c.Name, c.TorchFunc())
			p, err := plan.Build(m, "conv")
			if err != nil {
				t.Fatalf("plan: %v", err)
			}
			dt := dtypeOf(t, c.Dtype)
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
			atol, rtol := c.Tolerance()
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
