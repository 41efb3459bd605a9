package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/runtime"
)

// exampleArgs are the README's run command on the bundled example: a
// convolution_backward in the torch dialect with PyTorch 1.13's results
// (examples/conv_backward/make_reference.py).
func exampleArgs(dir string) []string {
	at := func(n string) string { return "@" + filepath.Join(dir, n+".npy") }
	return []string{"run", "../../examples/conv_backward.mlir",
		"--input=" + at("grad_output"), "--input=" + at("input"), "--input=" + at("weight"),
		"--expected_output=" + at("grad_input"), "--expected_output=" + at("grad_weight"), "--expected_output=" + at("grad_bias")}
}

func TestRunExampleMatchesPyTorch(t *testing.T) {
	out, errOut, code := run(t, "", exampleArgs("../../examples/conv_backward")...)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if strings.Count(out, ": match:") != 3 {
		t.Fatalf("want three matching results, got:\n%s", out)
	}
}

// TestRunReportsMismatch: a wrong reference makes run print where and by
// how much, and exit 1.
func TestRunReportsMismatch(t *testing.T) {
	dir := t.TempDir()
	src := "../../examples/conv_backward"
	for _, n := range []string{"grad_output", "input", "weight", "grad_weight", "grad_bias"} {
		b, err := os.ReadFile(filepath.Join(src, n+".npy"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n+".npy"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gi, err := runtime.ReadNPYFile(filepath.Join(src, "grad_input.npy"), runtime.F32)
	if err != nil {
		t.Fatal(err)
	}
	gi.SetFloat64(5, gi.Float64(5)+1)
	if err := runtime.WriteNPYFile(filepath.Join(dir, "grad_input.npy"), gi); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, "", exampleArgs(dir)...)
	if code != 1 || !strings.Contains(out, "mismatch at [0, 0, 0, 5]") {
		t.Fatalf("exit %d, want 1 and the first mismatching index; stdout:\n%s", code, out)
	}
}

func TestRunBadInputs(t *testing.T) {
	args := exampleArgs("../../examples/conv_backward")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{args[:4], 2, "takes 3 arguments, 2 --input given"},
		{append([]string{"run", "../../examples/conv_backward.mlir", "--input=grad_output.npy"}, args[3:5]...), 1, "must be @file.npy"},
		{append(append([]string{}, args[:2]...), "--input=@../../examples/conv_backward/input.npy", args[3], args[4]), 1, "shape"},
		{[]string{"run", "nope.mlir"}, 1, "nope.mlir"},
		{append(append([]string{}, args...), "--device=hip"), 2, "not available"},
	}
	for _, c := range cases {
		_, errOut, code := run(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args[2:], code, errOut, c.code, c.want)
		}
	}
}
