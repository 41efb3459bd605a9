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

// The GPU's pipelines change layouts, not arithmetic: run on the CPU,
// every convolution_backward case of the e2e suite gives bit for bit the
// results of the CPU's pipeline of the same name, and the GPU's plans do
// differ (they hold transposes the CPU's do not, or lack some).
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
			var results [2][]*runtime.Tensor
			var steps [2]int
			for i, target := range []compiler.Target{compiler.CPU, compiler.CUDA, compiler.HIP} {
				p, err := compiler.CompileFor(c.Program, c.Func, pl, nil, target)
				if err != nil {
					t.Fatalf("%s %s (target %d): %v", c.Name, pl, target, err)
				}
				steps[i] = len(p.Steps)
				if results[i], err = cpu.Run(p, args); err != nil {
					t.Fatalf("%s %s (target %d): %v", c.Name, pl, target, err)
				}
			}
			if steps[0] != steps[1] {
				differ++
			}
			for r := range results[0] {
				a, b := results[0][r], results[1][r]
				if (a == nil) != (b == nil) || a != nil && !bytes.Equal(a.Data, b.Data) {
					t.Errorf("%s %s: result %d differs between the CPU's and the GPU's pipeline: %s", c.Name, pl, r, runtime.Compare(b, a, runtime.Tolerance{}))
				}
			}
		}
	}
	if len(cases) < 300 || differ < len(cases)/4 {
		t.Fatalf("%d cases, %d plans that the GPU's pipelines change: the test checks too little", len(cases), differ)
	}
	t.Logf("%d cases bit-identical under both targets' pipelines; %d plans differ in their steps", len(cases), differ)
}
