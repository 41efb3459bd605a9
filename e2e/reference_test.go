package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/runtime"
)

// copyCase copies the committed case name into a temporary directory.
func copyCase(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join(casesDir, "conv_backward", name)
	dst := filepath.Join(t.TempDir(), "conv_backward", name)
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestDeviceReference: a case's reference.json (true f16 results from a
// GPU's PyTorch, e2e/gen/device_refs.py) replaces the generator's
// expected files, and the suite compares with those; a reference.json
// that does not match meta.json's results is an error naming it.
func TestDeviceReference(t *testing.T) {
	dir := copyCase(t, "mask_FTF_nobias_2d_f16")
	if err := os.MkdirAll(filepath.Join(dir, "expected_device"), 0o755); err != nil {
		t.Fatal(err)
	}
	// The device's grad_input: the generator's, with one element off by
	// far more than the tolerance, so that which file the comparison read
	// shows in the verdict.
	c, err := LoadCase(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Results[0] != nil || c.Results[1] == nil || c.Results[2] != nil {
		t.Fatalf("mask FTF: want only grad_weight, got %v", c.Results)
	}
	w, err := runtime.ReadNPYFile(c.Results[1].File, c.Results[1].DType)
	if err != nil {
		t.Fatal(err)
	}
	w.SetFloat64(0, w.Float64(0)+1)
	if err := runtime.WriteNPYFile(filepath.Join(dir, "expected_device", "1.npy"), w); err != nil {
		t.Fatal(err)
	}
	ref := `{"reference": "f16 on a test GPU", "results": [null, "expected_device/1.npy", null]}`
	if err := os.WriteFile(filepath.Join(dir, "reference.json"), []byte(ref), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err = LoadCase(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Reference != "f16 on a test GPU" || c.Results[1].File != filepath.Join(dir, "expected_device", "1.npy") {
		t.Fatalf("reference %q, grad_weight from %s", c.Reference, c.Results[1].File)
	}
	if r := Run([]*Case{c}, CPU{}, Options{}); len(r) != 1 || r[0].Status != Fail {
		t.Errorf("the perturbed device reference passed: %+v", r)
	}
	// The reference's own error widens the atol: an error of 1 (the
	// perturbation) lets the case pass, and says so.
	ref = `{"reference": "f16 on a test GPU", "results": [null, "expected_device/1.npy", null], "errors": [null, 1.0, null]}`
	if err := os.WriteFile(filepath.Join(dir, "reference.json"), []byte(ref), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, err = LoadCase(dir); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(c.Results[1].TolReason, "the device reference's own error") {
		t.Errorf("tolerance reason %q does not name the reference's error", c.Results[1].TolReason)
	}
	if r := Run([]*Case{c}, CPU{}, Options{}); len(r) != 1 || r[0].Status != Pass {
		t.Errorf("the device reference with its error of 1 failed: %+v", r)
	}
	for _, bad := range []struct{ json, want string }{
		{`{"reference": "x", "results": ["expected_device/1.npy"]}`, "want a reference and 3 results"},
		{`{"reference": "x", "results": ["expected_device/0.npy", "expected_device/1.npy", null]}`, "result 0 is None in one of meta.json and reference.json only"},
		{`{"results": [null, "expected_device/1.npy", null]}`, "want a reference"},
		{`{"reference": "x", "results": [null, "expected_device/1.npy", null], "errors": [0.5]}`, "1 errors for 3 results"},
		{`{`, "reference.json: unexpected end of JSON input"},
	} {
		if err := os.WriteFile(filepath.Join(dir, "reference.json"), []byte(bad.json), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadCase(dir); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: error %v, want %q", bad.json, err, bad.want)
		}
	}
}
