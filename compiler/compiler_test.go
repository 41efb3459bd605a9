package compiler_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/e2e"
	"github.com/torchlower/torchlower/runtime"
)

// The GPUs' pipelines change layouts, not arithmetic: run on the CPU,
// every convolution_backward case of the e2e suite gives bit for bit the
// results of the CPU's pipeline of the same name under CUDA's and HIP's,
// and their plans do differ (they hold transposes the CPU's do not, or
// lack some).
func TestGPUPipelinesGiveCPUBits(t *testing.T) {
	cases, err := e2e.LoadCases(filepath.Join("..", "e2e", "cases", "conv_backward"))
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for _, c := range cases {
		args := make([]*runtime.Tensor, len(c.Inputs))
		for j, in := range c.Inputs {
			if args[j], err = runtime.ReadNPYFile(in.File, in.DType); err != nil {
				t.Fatal(err)
			}
		}
		for _, pl := range []string{"default", "baseline"} {
			var want []*runtime.Tensor
			var cpuSteps int
			for _, target := range []compiler.Target{compiler.CPU, compiler.CUDA, compiler.HIP} {
				p, err := compiler.CompileFor(c.Program, c.Func, pl, nil, target)
				if err != nil {
					t.Fatalf("%s %s (target %d): %v", c.Name, pl, target, err)
				}
				got, err := cpu.Run(p, args)
				if err != nil {
					t.Fatalf("%s %s (target %d): %v", c.Name, pl, target, err)
				}
				if target == compiler.CPU {
					want, cpuSteps = got, len(p.Steps)
					continue
				}
				if len(p.Steps) != cpuSteps {
					differ++
				}
				for r := range want {
					a, b := want[r], got[r]
					if (a == nil) != (b == nil) || a != nil && !bytes.Equal(a.Data, b.Data) {
						t.Errorf("%s %s: result %d differs between the CPU's pipeline and target %d's: %s", c.Name, pl, r, target, runtime.Compare(b, a, runtime.Tolerance{}))
					}
				}
			}
		}
	}
	if len(cases) < 300 || differ < len(cases)/4 {
		t.Fatalf("%d cases, %d plans that the GPU's pipelines change: the test checks too little", len(cases), differ)
	}
	t.Logf("%d cases bit-identical under the CPU's, CUDA's and HIP's pipelines; %d GPU plans differ from the CPU's in their steps", len(cases), differ)
}
