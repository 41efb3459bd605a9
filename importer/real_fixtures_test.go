package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	w "github.com/torchlower/torchlower/internal/pt2write"
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

// TestFixturesMatchRealExports compares the Go fixtures written in torch
// 2.x's core-decomposed form with what torch.export really wrote for the
// same networks, once those archives are committed: the aten ops of the
// two imports must be the same multiset. A difference means the fixture
// (and the model case built from it) no longer shows what real graphs
// hold; fix the fixture. It skips until the real fixtures exist.
func TestFixturesMatchRealExports(t *testing.T) {
	pairs := []struct {
		real string
		make func() (*w.Program, []w.Tensor)
	}{
		{"joint_mlp_layernorm_xent", func() (*w.Program, []w.Tensor) { return progJointMLP(mlpFixture) }},
		{"joint_cnn_xent", func() (*w.Program, []w.Tensor) { return progJointCNN(cnnFixture) }},
		{"joint_cnn3d_xent", func() (*w.Program, []w.Tensor) { return progJointCNN3D(volumeFixture) }},
		{"joint_embed_xent", func() (*w.Program, []w.Tensor) { return progJointEmbed(embedFixture) }},
	}
	for _, pr := range pairs {
		t.Run(pr.real, func(t *testing.T) {
			path := filepath.Join(realFixturesDir, pr.real, "program.pt2")
			if _, err := os.Stat(path); os.IsNotExist(err) {
				t.Skipf("no %s yet: real-torch fixtures need torch >= 2.6 (bash tools/gpusession/run.sh fixtures on the GPU machine)", path)
			}
			a, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			p, ts := pr.make()
			b, err := writeArchive(w.PT2Raw, p, ts)
			if err != nil {
				t.Fatal(err)
			}
			count := func(a *Archive) map[string]int {
				m, _, err := Import(newCtx(), a, Options{})
				if err != nil {
					t.Fatal(err)
				}
				ops := map[string]int{}
				m.Walk(ir.PreOrder, func(op *ir.Operation) {
					if strings.HasPrefix(op.Name, "torch.aten.") || op.Name == torch.ListUnpackOp {
						ops[op.Name]++
					}
				})
				return ops
			}
			real, ours := count(a), count(openBytes(t, b))
			var diff []string
			for name := range mergeKeys(real, ours) {
				if real[name] != ours[name] {
					diff = append(diff, fmt.Sprintf("%s: torch.export %d, fixture %d", name, real[name], ours[name]))
				}
			}
			if len(diff) > 0 {
				sort.Strings(diff)
				t.Errorf("the Go fixture's ops differ from the real export's:\n%s", strings.Join(diff, "\n"))
			}
		})
	}
}

func mergeKeys(a, b map[string]int) map[string]bool {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	return keys
}
