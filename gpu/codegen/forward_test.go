package codegen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
)

// The programs of gpu/testdata/forwarded_epilogue.mlir: each contraction
// hands its f32 accumulator to the truncf epilogue in registers (no
// store to the accumulator's buffer, no kernel for its fill). The 16-bit
// result's fill keeps its kernel where the window starts off a cell's
// origin (tiled_bf16_window, at row 1); where it starts at 0
// (simple_f16_window) the epilogue writes the zeros between its rows
// instead (cellzeros.go). TestHostEmulationMatchesCPU and
// TestHostMMAMatchesCPU check the results.
func TestForwardedEpilogue(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "forwarded_epilogue.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for fn, wantKept := range map[string]int{"tiled_bf16_window": 1, "simple_f16_window": 0} {
		mod, err := asm.Parse(compiler.NewContext(), string(src), asm.Options{FileName: "forwarded_epilogue.mlir"})
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.Build(mod, fn)
		if err != nil {
			t.Fatal(err)
		}
		m, err := codegen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		var fills, kept, forwarded int
		for i, s := range p.Steps {
			if s.Kind == plan.StepFill {
				fills++
				if m.KernelOf(i) != nil {
					kept++
					if s.Outputs[0].Buf.Kind != plan.Result {
						t.Errorf("%s: the fill of the f32 accumulator (step %d) still has a kernel", fn, i)
					}
				}
			}
			if k := m.Steps[i]; k != nil && strings.Contains(k.Source, "the output in registers, not stored") {
				forwarded++
				acc := p.Steps[i].Outputs[0].Buf
				if use := fmt.Sprintf("buf%d[", acc.ID); strings.Contains(k.Source, use) {
					t.Errorf("%s: the forwarding kernel still reads or writes the accumulator (%s):\n%s", fn, use, k.Source)
				}
			}
		}
		if fills != 2 || kept != wantKept || forwarded != 1 {
			t.Errorf("%s: %d fills, %d with kernels, %d forwarding kernels; want 2, %d and 1\n%s", fn, fills, kept, forwarded, wantKept, p)
		}
	}
}
