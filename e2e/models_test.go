package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// modelGenerators maps each model-level case under cases/models to the
// script that writes its PyTorch references.
var modelGenerators = map[string]string{
	"joint_conv_bn_relu":       "joint_conv_bn_relu.py",
	"joint_conv_bn_relu_core":  "joint_conv_bn_relu.py",
	"joint_conv_bn_relu_mixed": "joint_conv_bn_relu.py",
	"joint_mlp_xent":           "joint_mlp_xent.py",
	"joint_encoder":            "joint_encoder.py",
	"joint_embed_xent":         "joint_embed_xent.py",
	"joint_cnn_xent":           "joint_cnn_xent.py",
	"joint_cnn3d_xent":         "joint_cnn3d_xent.py",
	"joint_unet_block":         "joint_unet_block.py",
}

// TestModelReferencesUpToDate regenerates the expected outputs and
// meta.json of every model-level case with PyTorch into a temporary
// directory, from the committed program.pt2, inputs/ and params/, and fails
// on any drift: a changed fixture (importer's TestModelCaseInputsUpToDate
// rewrites those files) or a changed script must come with new
// references. It skips where torch cannot be imported; torch runs on one
// thread, so on one machine the output is byte-for-byte reproducible (on
// another, see sameGenerated).
func TestModelReferencesUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not regenerating the model-level references")
	}
	requireTorch(t, t.TempDir(), "the model-level references")
	dirs, err := filepath.Glob(filepath.Join(casesDir, "models", "*", "meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) != len(modelGenerators) {
		t.Errorf("%d model-level cases under %s, %d generators known", len(dirs), filepath.Join(casesDir, "models"), len(modelGenerators))
	}
	for name, script := range modelGenerators {
		t.Run(name, func(t *testing.T) {
			gen, err := filepath.Abs(filepath.Join("gen", script))
			if err != nil {
				t.Fatal(err)
			}
			committed, err := filepath.Abs(filepath.Join(casesDir, "models", name))
			if err != nil {
				t.Fatal(err)
			}
			tmp := t.TempDir()
			cmd := exec.Command(python, gen, "--case", committed, "--out", tmp)
			cmd.Dir = tmp
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s %s: %v\n%s", python, gen, err, b)
			}
			// A case's references are PyTorch's float32 step, which sums in
			// the order of the BLAS torch links (libblas.so.3: Debian's
			// reference BLAS, or OpenBLAS where libopenblas0 is installed,
			// as bench's PyTorch comparison wants): a bias gradient that is
			// zero but for rounding moved by 600 eps of its scale between the
			// two. Values are compared only under the BLAS they were made
			// with.
			if made, here := metaBLAS(t, committed), metaBLAS(t, tmp); made != here {
				t.Skipf("the references were made with the %q BLAS and this torch links %q: not compared (CI regenerates them with Debian's default, the reference BLAS)", made, here)
			}
			want, err := listFiles(tmp)
			if err != nil {
				t.Fatal(err)
			}
			var drift []string
			for f := range want {
				if _, err := os.Stat(filepath.Join(committed, f)); err != nil {
					drift = append(drift, f+": generated but not committed")
					continue
				}
				why, err := sameGenerated(committed, tmp, f)
				if err != nil {
					t.Fatal(err)
				}
				if why != "" {
					drift = append(drift, f+": "+why)
				}
			}
			// expected/ is the script's alone: a stale file there is drift.
			have, err := listFiles(filepath.Join(committed, "expected"))
			if err != nil {
				t.Fatal(err)
			}
			for f := range have {
				if !want[filepath.Join("expected", f)] {
					drift = append(drift, filepath.Join("expected", f)+": committed but no longer generated")
				}
			}
			if len(drift) > 0 {
				sort.Strings(drift)
				t.Errorf("the references of %s drifted from %s; regenerate with\n  cd /tmp && %s %s\n%s",
					name, script, python, gen, strings.Join(drift, "\n"))
			}
		})
	}
}

// metaBLAS is the "blas" of dir/meta.json: the BLAS the references were
// made with (e2e/gen/model_case.py's blas_name).
func metaBLAS(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		BLAS string `json:"blas"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s/meta.json: %v", dir, err)
	}
	return m.BLAS
}

// TestModelCaseLayout checks what the suite promises of the model-level
// case without torch: an archive run with x as its only argument, and all
// 36 outputs of the training step compared (15 buffer mutations, the
// loss, 20 gradients), none of them None.
func TestModelCaseLayout(t *testing.T) {
	c, err := LoadCase(filepath.Join(casesDir, "models", "joint_conv_bn_relu"))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(c.Program) != "program.pt2" || len(c.Inputs) != 1 || len(c.Results) != 36 {
		t.Fatalf("%s: %d inputs, %d results, want program.pt2, 1 and 36", c.Program, len(c.Inputs), len(c.Results))
	}
	kinds := map[string]int{}
	for i, r := range c.Results {
		if r == nil {
			t.Fatalf("result %d is None", i)
		}
		kinds[strings.SplitN(r.Name, ":", 2)[0]]++
	}
	if kinds["buffer_mutation"] != 15 || kinds["loss_output"] != 1 || kinds["gradient_to_parameter"] != 20 {
		t.Errorf("results by kind: %v", kinds)
	}
}

// TestLoadCaseArchive: a case directory with program.pt2 and no
// program.mlir needs no "program" in meta.json.
func TestLoadCaseArchive(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"meta.json": `{"inputs": [], "results": []}`, "program.pt2": "PK"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := LoadCase(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Program != filepath.Join(dir, "program.pt2") {
		t.Errorf("Program = %s, want the archive", c.Program)
	}
}
