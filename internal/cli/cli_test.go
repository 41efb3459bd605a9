package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/runtime"
)

func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb strings.Builder
	code = Main(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestVersionAndHelp(t *testing.T) {
	out, _, code := run(t, "", "--version")
	if code != 0 || !strings.Contains(out, "torchlower version") {
		t.Errorf("--version: code %d, out %q", code, out)
	}
	out, _, code = run(t, "", "--help")
	if code != 0 || !strings.Contains(out, "opt") {
		t.Errorf("--help: code %d, out %q", code, out)
	}
	out, _, code = run(t, "", "opt", "--help")
	for _, want := range []string{"--pass-pipeline", "canonicalize", "cse", "symbol-dce", "max-iterations", "--split-input-file"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("opt --help lacks %q (code %d)", want, code)
		}
	}
	_, errOut, code := run(t, "", "frobnicate")
	if code != 2 || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: code %d, stderr %q", code, errOut)
	}
}

var diagLine = regexp.MustCompile(`^[^:]+:\d+:\d+: error: `)

// TestBadInputExitsOne: every kind of bad input gives a located error
// message and exit status 1, never a panic (exit 2 is the panic guard).
func TestBadInputExitsOne(t *testing.T) {
	cases := map[string]string{
		"truncated":       "func.func @f(%a: f32) -> f32 {\n  %0 = arith.addf %a, %a : f32\n",
		"truncated-type":  "func.func @f(%a: tensor<2x",
		"wrong-type":      "func.func @f(%a: f32) -> i32 {\n  return %a : i32\n}\n",
		"undefined-value": "func.func @f() {\n  %0 = arith.negf %x : f32\n  return\n}\n",
		"unknown-op":      "func.func @f() {\n  \"nope.op\"() : () -> ()\n  return\n}\n",
		"type-mismatch":   "func.func @f(%a: f32, %b: f64) {\n  %0 = \"arith.addf\"(%a, %b) : (f32, f64) -> f32\n  return\n}\n",
		"dominance":       "func.func @f(%a: i32) {\n  %0 = arith.addi %1, %a : i32\n  %1 = arith.addi %a, %a : i32\n  return\n}\n",
		"bad-char":        "func.func @f() { ` }",
		"unterminated":    "func.func @f() attributes {s = \"abc} {",
		"garbage":         "\x00\x01\x02",
	}
	dir := t.TempDir()
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name+".mlir")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			out, errOut, code := run(t, "", "opt", path)
			if code != 1 {
				t.Fatalf("exit code %d, want 1; stderr:\n%s", code, errOut)
			}
			if out != "" {
				t.Errorf("stdout should be empty on error, got %q", out)
			}
			first := strings.SplitN(errOut, "\n", 2)[0]
			if !diagLine.MatchString(first) || !strings.HasPrefix(first, path+":") {
				t.Errorf("first stderr line %q is not `%s:line:col: error: ...`", first, path)
			}
		})
	}
}

func TestMissingInputFile(t *testing.T) {
	_, errOut, code := run(t, "", "opt", "/nonexistent/x.mlir")
	if code != 1 || !strings.Contains(errOut, "/nonexistent/x.mlir") {
		t.Errorf("code %d stderr %q", code, errOut)
	}
}

func TestBadPipeline(t *testing.T) {
	_, errOut, code := run(t, "module {}", "opt", "-p", "canonicalize,nosuchpass")
	if code != 2 || !strings.Contains(errOut, "'nosuchpass' does not refer to a registered pass") {
		t.Errorf("code %d stderr %q", code, errOut)
	}
	_, errOut, code = run(t, "module {}", "opt", "-p", "canonicalize{bogus=1}")
	if code != 2 || !strings.Contains(errOut, "has no option 'bogus'") {
		t.Errorf("code %d stderr %q", code, errOut)
	}
}

func TestStdinAndOutputFile(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "out.mlir")
	_, errOut, code := run(t, "func.func @f() {\n  return\n}\n", "opt", "-o", dst)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	b, err := os.ReadFile(dst)
	if err != nil || !strings.Contains(string(b), "func.func @f()") {
		t.Errorf("output file: %q %v", b, err)
	}
}

func TestTimingAndPrintAfter(t *testing.T) {
	src := "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n"
	_, errOut, code := run(t, src, "opt", "-p", "canonicalize,cse", "--mlir-timing", "--print-ir-after=cse")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	for _, want := range []string{"Execution time report", "canonicalize", "IR Dump After CSE (cse)", "Total"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, "IR Dump After Canonicalize") {
		t.Errorf("--print-ir-after=cse printed after canonicalize too")
	}
}

// TestBadFlagsAreReported: every command names an unknown flag on stderr
// and exits 2 (pflag's ContinueOnError prints nothing by itself).
func TestBadFlagsAreReported(t *testing.T) {
	for _, cmd := range []string{"run", "e2e", "import", "opt", "bench"} {
		var stdout, stderr strings.Builder
		code := Main([]string{cmd, "--no-such-flag"}, strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "no-such-flag") {
			t.Errorf("%s --no-such-flag: exit %d, stderr %q; want 2 and the flag named", cmd, code, stderr.String())
		}
	}
}

// TestE2EProgress: --progress gives each case's outcome on stderr as it
// is done, a FAIL with its problem; the report on stdout is as without.
func TestE2EProgress(t *testing.T) {
	out, errOut, code := run(t, "", "e2e", "--cases=../../e2e/cases", "--progress", "--filter=^mask_TTT_")
	if code != 0 || strings.Count(errOut, "PASS - \"mask_TTT_") != 4 || !strings.Contains(out, "Passed: 4") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	// A case whose expected output is wrong: its FAIL line says how.
	root := t.TempDir()
	dir := filepath.Join(root, "conv_backward", "broken")
	if err := os.CopyFS(dir, os.DirFS("../../e2e/cases/conv_backward/mask_TTT_1d_f32")); err != nil {
		t.Fatal(err)
	}
	expected, err := filepath.Glob(filepath.Join(dir, "expected", "*.npy"))
	if err != nil || len(expected) == 0 {
		t.Fatalf("no expected outputs: %v", err)
	}
	want, err := runtime.ReadNPYFile(expected[0], runtime.F32)
	if err != nil {
		t.Fatal(err)
	}
	want.SetFloat64(0, want.Float64(0)+1)
	if err := runtime.WriteNPYFile(expected[0], want); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = run(t, "", "e2e", "--cases="+root, "--progress")
	if code != 1 || !regexp.MustCompile(`(?m)^FAIL - "mask_TTT_1d_f32" \([\d.]+[mµ]?s\): result 0 \[2, 2, 9\]: mismatch at \[0, 0, 0\]`).MatchString(errOut) {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
}
