package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// realFixturesDir holds the archives torch >= 2.6 exported
// (e2e/gen/export_fixtures.py, committed as e2e cases).
var realFixturesDir = filepath.Join("..", "e2e", "cases", "torch_export")

// realGoldens are the real-torch fixtures whose imports are kept as golden
// files (testdata/real_<name>.golden.mlir, rewritten by -update): a
// masked single-op convolution_backward, a joint conv+bn+relu training
// step and the KV-cache update.
var realGoldens = []string{"conv_bwd_2d_mask_ttf", "joint_conv_bn_relu", "kv_cache_update"}

// TestRealFixtureGoldens imports the representative real-torch archives,
// compares them with their golden files, and checks what a joint graph
// must show: every convolution_backward with its 11 operands and 3
// results, !torch.none where the output mask is false. It skips until the
// fixtures are committed (they need torch >= 2.6).
func TestRealFixtureGoldens(t *testing.T) {
	if _, err := os.Stat(realFixturesDir); os.IsNotExist(err) {
		t.Skipf("no real-torch fixtures under %s yet: they need torch >= 2.6 (bash tools/gpusession/run.sh fixtures on the GPU machine)", realFixturesDir)
	}
	for _, name := range realGoldens {
		t.Run(name, func(t *testing.T) {
			a, err := Open(filepath.Join(realFixturesDir, name, "program.pt2"))
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := Import(newCtx(), a, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "real_"+name+".golden.mlir", ir.Sprint(m, ir.PrintOptions{}))
			n := 0
			m.Walk(ir.PreOrder, func(op *ir.Operation) {
				if op.Name != torch.AtenConvolutionBackward {
					return
				}
				n++
				if op.NumOperands() != 11 || op.NumResults() != 3 {
					t.Errorf("%s has %d operands and %d results, want 11 and 3", op.Name, op.NumOperands(), op.NumResults())
				}
				for i, r := range op.Results() {
					_, none := r.Type().(torch.NoneType)
					_, tensor := r.Type().(torch.VTensorType)
					if !none && !tensor {
						t.Errorf("result %d has type %s, want a vtensor or !torch.none", i, r.Type())
					}
				}
			})
			if n == 0 && !strings.HasPrefix(name, "kv_cache") {
				t.Errorf("no torch.aten.convolution_backward in %s", name)
			}
		})
	}
}
