package lowering

import (
	"testing"

	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/plan"
)

// TestGPUCodegenReduction plans every case of reductionRefCases
// (TestReductionRunner) as TestCPUCrosscheckReduction does and generates
// its GPU kernels: the GPU code generator must accept every step of the
// lowered IR (two-result index reductions, the masked and the doubling
// scans, f64 accumulators, broadcast loss operands). It only generates
// source; gpu/codegen's TestHostEmulationMatchesCPU (host-compiled
// kernels) and TestTestdataMatchesCPU (on a GPU) check what such kernels
// compute.
func TestGPUCodegenReduction(t *testing.T) {
	for i := range reductionRefCases {
		c := &reductionRefCases[i]
		t.Run(c.Name, func(t *testing.T) { gpuGenerate(t, c.Name, c.Func) })
	}
}

// TestGPUCodegenNormPool does the same for normpoolRefs
// (TestNormPoolRunner): norms, pooling, upsampling (the index tables with
// no input, the gathers with tensor.extract at computed positions under
// reduction loops), dropout and factories.
func TestGPUCodegenNormPool(t *testing.T) {
	for i := range normpoolRefs {
		c := &normpoolRefs[i]
		t.Run(c.Name, func(t *testing.T) { gpuGenerate(t, c.Name, c.Func) })
	}
}

// gpuGenerate lowers and plans @f of src and generates its GPU kernels.
func gpuGenerate(t *testing.T, name, src string) {
	t.Parallel()
	m := xcLower(t, name, src)
	p, err := plan.Build(m, "f")
	if err != nil {
		t.Fatalf("plan.Build: %v", err)
	}
	g, err := codegen.Generate(p)
	if err != nil {
		t.Fatalf("codegen.Generate: %v\n%s", err, p)
	}
	if len(g.Kernels) == 0 {
		t.Fatalf("no kernel generated for a plan of %d steps", len(p.Steps))
	}
}
