package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
)

// compileExample compiles the README's example into dir/name for target.
func compileExample(t *testing.T, dir, name, target string) string {
	t.Helper()
	tlm := filepath.Join(dir, name)
	if _, errOut, code := run(t, "", "compile", "../../examples/conv_backward.mlir", "--target="+target, "-o", tlm); code != 0 {
		t.Fatalf("compile --target=%s exited %d: %s", target, code, errOut)
	}
	return tlm
}

// TestDumpModule: dump prints a cpu module's header, signature and plan
// summary, and with --plan every step (each generic naming its kernel,
// which --kernels prints as MLIR that parses, verifies and, where
// upstream's mlir-opt is installed, passes its verifier too).
func TestDumpModule(t *testing.T) {
	tlm := compileExample(t, t.TempDir(), "conv_backward.tlm", "cpu")
	st, err := os.Stat(tlm)
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.CompileWith("../../examples/conv_backward.mlir", "main", "default")
	if err != nil {
		t.Fatal(err)
	}
	generics := 0
	for _, s := range p.Steps {
		if s.Kind == plan.StepGeneric {
			generics++
		}
	}
	out, errOut, code := run(t, "", "dump", tlm)
	if code != 0 || errOut != "" {
		t.Fatalf("dump exited %d: %s", code, errOut)
	}
	for _, want := range []string{
		"module " + tlm + ": " + itoa(st.Size()) + " bytes, schema version 3, target cpu\n",
		"produced by torchlower " + producerVersion() + " (go",
		") from conv_backward.mlir, pipeline default\n",
		"entry point @main(tensor<1x2x4x4xf32>, tensor<1x2x8x8xf32>, tensor<2x2x3x3xf32>) -> (tensor<1x2x8x8xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>)\n",
		"  plan @main: " + itoa(int64(len(p.Steps))) + " steps (",
		itoa(int64(generics)) + " generic",
		"kernels: ",
		"gpu code: none (a cpu module)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dump lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "steps:") || strings.Contains(out, "func.func") {
		t.Errorf("dump without flags prints the steps or kernels:\n%s", out)
	}

	out, _, code = run(t, "", "dump", tlm, "--plan")
	named := regexp.MustCompile(`(?m)^    \d+: generic .*  // kernel @k\w+: %\w+ = linalg.generic .*$`).FindAllString(out, -1)
	if code != 0 || !strings.Contains(out, "  steps:\n") || len(named) != generics {
		t.Errorf("dump --plan: exit %d, %d generic steps name their kernel, want %d:\n%s", code, len(named), generics, out)
	}

	out, _, code = run(t, "", "dump", tlm, "--kernels")
	i := strings.Index(out, "module {")
	if code != 0 || i < 0 {
		t.Fatalf("dump --kernels: exit %d, no module:\n%s", code, out)
	}
	text := out[i:strings.LastIndex(out, "gpu code:")]
	ctx := compiler.NewContext()
	m, err := asm.Parse(ctx, text, asm.Options{FileName: "kernels"})
	if err != nil {
		t.Fatalf("the printed kernels do not parse: %v\n%s", err, text)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("the printed kernels do not verify: %v", err)
	}
	for _, k := range regexp.MustCompile(`// kernel @(k\w+)`).FindAllStringSubmatch(named[0], -1) {
		if !strings.Contains(text, "func.func @"+k[1]+"(") {
			t.Errorf("kernel @%s named by a step is not printed", k[1])
		}
	}
	if irtest.HaveMLIROpt() {
		if _, err := irtest.RunMLIROpt(text); err != nil {
			t.Errorf("mlir-opt rejects the printed kernels: %v", err)
		}
	}
}

// TestDumpGPUModule: a GPU module's dump says how much GPU code it holds
// and whether it is compiled; --gpu-source prints the source.
func TestDumpGPUModule(t *testing.T) {
	tlm := compileExample(t, t.TempDir(), "m.tlm", "cuda:sm_90")
	out, errOut, code := run(t, "", "dump", tlm, "--gpu-source")
	if code != 0 || errOut != "" {
		t.Fatalf("dump exited %d: %s", code, errOut)
	}
	if !regexp.MustCompile(`(?m)^gpu code: \d+ bytes of source, (not compiled \(the first run on a cuda:sm_90 GPU compiles it\)|\d+ bytes compiled for cuda:sm_90)$`).MatchString(out) {
		t.Errorf("dump does not describe the GPU code:\n%s", out)
	}
	if !strings.Contains(out, "__global__") {
		t.Errorf("--gpu-source printed no kernel source:\n%s", out)
	}
}

func TestDumpErrors(t *testing.T) {
	dir := t.TempDir()
	tlm := compileExample(t, dir, "m.tlm", "cpu")
	notModule := filepath.Join(dir, "x.tlm")
	if err := os.WriteFile(notModule, []byte("\x93NUMPY not a module at all, but long enough to have an identifier"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"dump"}, 2, "expected one module (.tlm), got 0"},
		{[]string{"dump", notModule}, 1, notModule + ": not a torchlower module: file identifier"},
		{[]string{"dump", filepath.Join(dir, "missing.tlm")}, 1, "missing.tlm"},
		{[]string{"dump", tlm, "--gpu-source"}, 2, tlm + ": --gpu-source: the module's target is cpu, which has no GPU code"},
		{[]string{"dump", tlm, "--nope"}, 2, "unknown flag: --nope"},
	} {
		out, errOut, code := run(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
