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
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			m := xcLower(t, c.Name, c.Func)
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
		})
	}
}
