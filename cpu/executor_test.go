package cpu_test

import (
	"bytes"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// TestExecutorRunsMany runs the README's example (a strided
// convolution_backward, its data gradient decomposed into phases that
// accumulate into zero-filled windows) through one Executor on new inputs
// each time: every run gives, byte for byte, what a fresh cpu.Run gives,
// and the runs after the first reuse a kernel for every generic step.
func TestExecutorRunsMany(t *testing.T) {
	p, err := compiler.CompileWith("../examples/conv_backward.mlir", "main", "default")
	if err != nil {
		t.Fatal(err)
	}
	generics := 0
	for _, s := range p.Steps {
		if s.Kind == plan.StepGeneric {
			generics++
		}
	}
	ex := cpu.NewExecutor(p)
	for r := range 4 {
		args := make([]*runtime.Tensor, len(p.Args))
		for i, b := range p.Args {
			args[i] = runtime.New(runtime.F32, b.Shape...)
			for j := range args[i].NumElements() {
				args[i].SetFloat64(j, float64((j*7+i*3+r*5)%13)/4-1.5)
			}
		}
		want, err := cpu.Run(p, args)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ex.Run(args, nil)
		if err != nil {
			t.Fatalf("run %d: %v", r, err)
		}
		for i := range want {
			if !bytes.Equal(got[i].Data, want[i].Data) {
				t.Errorf("run %d: result %d differs from a fresh run", r, i)
			}
		}
		if r == 0 && ex.KeptKernels() != generics {
			t.Errorf("after the first run the executor keeps %d kernels, want one per generic step (%d)", ex.KeptKernels(), generics)
		}
	}
}
