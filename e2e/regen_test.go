package e2e

import (
	"io/fs"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// python is Debian's interpreter with python3-torch, which the generator
// is written for.
const python = "/usr/bin/python3"

// generatedSuites are the op-level suites under cases/ that a Python
// generator writes whole: the suite's directory and its generator in gen/.
var generatedSuites = []struct{ dir, gen, what string }{
	{"conv_backward", "conv_backward_matrix.py", "the convolution_backward matrix"},
	{"attention", "attention_cases.py", "the attention cases"},
	{"training_ops", "training_ops_cases.py", "the training-op cases"},
}

// TestGeneratedSuitesUpToDate regenerates each generated suite (the
// convolution_backward matrix, the attention cases) with PyTorch into a
// temporary directory and fails if any committed file (the .npy
// references above all, but also program.mlir and meta.json) drifts from
// it, or a case appears or disappears. It skips where torch cannot be
// imported. The generators run torch on one thread with seeded inputs, so
// on one machine the output is byte-for-byte reproducible; on another,
// references may move in their last bits (sameGenerated).
func TestGeneratedSuitesUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not regenerating the generated suites' references")
	}
	for _, s := range generatedSuites {
		t.Run(s.dir, func(t *testing.T) { checkGeneratedSuite(t, s.dir, s.gen, s.what) })
	}
}

func checkGeneratedSuite(t *testing.T, dir, generator, what string) {
	gen, err := filepath.Abs(filepath.Join("gen", generator))
	if err != nil {
		t.Fatal(err)
	}
	committed, err := filepath.Abs(filepath.Join(casesDir, dir))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	requireTorch(t, tmp, what)
	out := filepath.Join(tmp, dir)
	cmd := exec.Command(python, gen, "--out", out)
	cmd.Dir = tmp
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", python, gen, err, b)
	}
	want, err := listFiles(out)
	if err != nil {
		t.Fatal(err)
	}
	have, err := listFiles(committed)
	if err != nil {
		t.Fatal(err)
	}
	// References from a GPU's PyTorch are not the generator's to remake
	// (e2e/gen/device_refs.py; LoadCase prefers them).
	for f := range have {
		if filepath.Base(f) == "reference.json" || filepath.Base(filepath.Dir(f)) == "expected_device" {
			delete(have, f)
		}
	}
	var drift []string
	for f := range want {
		if _, ok := have[f]; !ok {
			drift = append(drift, f+": generated but not committed")
		}
	}
	for f := range have {
		if _, ok := want[f]; !ok {
			drift = append(drift, f+": committed but no longer generated")
			continue
		}
		name, rel, _ := strings.Cut(filepath.ToSlash(f), "/")
		why, err := sameGenerated(filepath.Join(committed, name), filepath.Join(out, name), filepath.FromSlash(rel))
		if err != nil {
			t.Fatal(err)
		}
		if why != "" {
			drift = append(drift, f+": "+why)
		}
	}
	if len(drift) > 0 {
		sort.Strings(drift)
		if len(drift) > 20 {
			drift = append(drift[:20], "...")
		}
		t.Errorf("the committed %s drifted from %s (%d files differ); regenerate with\n"+
			"  cd /tmp && %s %s --out %s\n%s", what, filepath.Base(gen), len(drift), python, gen, committed, strings.Join(drift, "\n"))
	}
}

func listFiles(root string) (map[string]bool, error) {
	files := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		files[rel] = true
		return err
	})
	return files, err
}

// requireTorch skips t unless python can import torch and numpy when run
// in dir. Run Python outside the repository: its root holds a torch/ Go
// package that would shadow the torch module.
func requireTorch(t *testing.T, dir, what string) {
	t.Helper()
	probe := exec.Command(python, "-c", "import torch, numpy")
	probe.Dir = dir
	if out, err := probe.CombinedOutput(); err != nil {
		t.Skipf("not checking %s: %s cannot import torch and numpy (apt-get install python3-torch python3-numpy): %v %s",
			what, python, err, strings.TrimSpace(string(out)))
	}
}
