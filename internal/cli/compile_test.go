package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompileThenRun compiles the README's example into a module and runs
// it: the same results as running the program (byte for byte in the
// written .npy files), matching PyTorch's.
func TestCompileThenRun(t *testing.T) {
	dir := t.TempDir()
	tlm := filepath.Join(dir, "conv_backward.tlm")
	if _, errOut, code := run(t, "", "compile", "../../examples/conv_backward.mlir", "--target=cpu", "-o", tlm); code != 0 {
		t.Fatalf("compile exited %d: %s", code, errOut)
	}
	args := exampleArgs("../../examples/conv_backward")
	direct := append(append([]string(nil), args...), "--output=@"+filepath.Join(dir, "d0.npy"), "--output=@"+filepath.Join(dir, "d1.npy"), "--output=@"+filepath.Join(dir, "d2.npy"))
	if out, errOut, code := run(t, "", direct...); code != 0 {
		t.Fatalf("run .mlir exited %d\n%s%s", code, out, errOut)
	}
	fromModule := append([]string(nil), direct...)
	fromModule[1] = tlm
	for i := range 3 {
		fromModule[len(fromModule)-3+i] = "--output=@" + filepath.Join(dir, "m"+string(rune('0'+i))+".npy")
	}
	out, errOut, code := run(t, "", fromModule...)
	if code != 0 || strings.Count(out, ": match:") != 3 {
		t.Fatalf("run .tlm exited %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for i := range 3 {
		n := string(rune('0' + i))
		d, err1 := os.ReadFile(filepath.Join(dir, "d"+n+".npy"))
		m, err2 := os.ReadFile(filepath.Join(dir, "m"+n+".npy"))
		if err1 != nil || err2 != nil || !bytes.Equal(d, m) {
			t.Errorf("result %s from the module differs from the direct run (%v, %v)", n, err1, err2)
		}
	}
	// A module takes no pipeline flags: they were fixed at compile time.
	if _, errOut, code := run(t, "", "run", tlm, "--pipeline=baseline"); code != 2 || !strings.Contains(errOut, "fixed when it was compiled") {
		t.Errorf("--pipeline with a module: exit %d, %s", code, errOut)
	}
	// A cpu module runs on the CPU: --device=cpu or auto, no GPU kind.
	if out, errOut, code := run(t, "", append([]string{"run", tlm, "--device=auto"}, args[2:]...)...); code != 0 || strings.Count(out, ": match:") != 3 {
		t.Errorf("--device=auto: exit %d\n%s%s", code, out, errOut)
	}
	if _, errOut, code := run(t, "", append([]string{"run", tlm, "--device=cuda"}, args[2:]...)...); code != 1 || !strings.Contains(errOut, tlm+": the module was compiled for target cpu, which --device=cuda does not run") {
		t.Errorf("--device=cuda: exit %d, %s", code, errOut)
	}
	if _, errOut, code := run(t, "", append([]string{"run", tlm, "--device=tpu"}, args[2:]...)...); code != 2 || !strings.Contains(errOut, `unknown device "tpu"`) {
		t.Errorf("--device=tpu: exit %d, %s", code, errOut)
	}
	if _, errOut, code := run(t, "", append([]string{"run", tlm, "--function=nope"}, args[2:]...)...); code != 1 || !strings.Contains(errOut, "no entry point @nope (the module has @main)") {
		t.Errorf("--function=nope: exit %d, %s", code, errOut)
	}
}

func TestCompileErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.tlm")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--target=tpu"}, 2, `unknown target "tpu"`},
		{[]string{"--target=hip:gfx90a:xnack-"}, 2, `unknown target "hip:gfx90a:xnack-"`},
		{[]string{"--target=cuda:sm_90a"}, 2, `target "cuda:sm_90a": architecture-specific NVIDIA targets are not supported; the generated code runs on cuda:sm_90`},
	} {
		args := append([]string{"compile", "../../examples/conv_backward.mlir", "-o", out}, c.args...)
		_, errOut, code := run(t, "", args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: a module was written", c.args)
		}
	}
	if _, errOut, code := run(t, "", "compile", "../../examples/conv_backward.mlir"); code != 2 || !strings.Contains(errOut, "-o model.tlm is required") {
		t.Errorf("no -o: exit %d, %s", code, errOut)
	}
	// A damaged module: an error naming the file and the reason.
	if err := os.WriteFile(out, []byte("\x08\x00\x00\x00NOPE and then some"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "", "run", out); code != 1 || !strings.Contains(errOut, out+": not a torchlower module: file identifier \"NOPE\"") {
		t.Errorf("foreign file: exit %d, %s", code, errOut)
	}
}
