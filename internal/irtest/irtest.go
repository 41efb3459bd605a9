// Package irtest holds test helpers shared by the dialect and tool tests:
// parse → verify → print round trips, and the upstream mlir-opt cross-check.
package irtest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

// MLIROptPath is where Debian's mlir-16-tools installs mlir-opt.
const MLIROptPath = "/usr/lib/llvm-16/bin/mlir-opt"

// SplitInput splits text at `// -----` lines; see asm.SplitInput.
func SplitInput(text string) (chunks []string, firstLines []int) { return asm.SplitInput(text) }

// ParseVerify parses and verifies text, failing the test on error.
func ParseVerify(t testing.TB, ctx *ir.Context, name, text string, lineOffset int) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(ctx, text, asm.Options{FileName: name, LineOffset: lineOffset})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return m
}

// RoundTrip checks that text parses and verifies, and that printing is a
// fixed point in both the custom and the generic form: print → parse →
// print gives the same text. It returns the custom and generic prints.
func RoundTrip(t testing.TB, ctx *ir.Context, name, text string) (custom, generic string) {
	t.Helper()
	m := ParseVerify(t, ctx, name, text, 0)
	for _, opts := range []ir.PrintOptions{{}, {Generic: true}, {DebugInfo: true}} {
		first := ir.Sprint(m, opts)
		m2, err := asm.Parse(ctx, first, asm.Options{FileName: name + ".printed"})
		if err != nil {
			t.Fatalf("reparse of printed form (generic=%v) failed: %v\n%s", opts.Generic, err, first)
		}
		if err := ir.Verify(m2); err != nil {
			t.Fatalf("verify of reparsed form (generic=%v) failed: %v\n%s", opts.Generic, err, first)
		}
		second := ir.Sprint(m2, opts)
		if first != second {
			t.Fatalf("print is not a fixed point (generic=%v):\n--- first\n%s\n--- second\n%s", opts.Generic, first, second)
		}
		if opts.Generic {
			generic = first
		} else if !opts.DebugInfo {
			custom = first
		}
	}
	return custom, generic
}

// HaveMLIROpt reports whether upstream mlir-opt is installed.
func HaveMLIROpt() bool {
	_, err := os.Stat(MLIROptPath)
	return err == nil
}

// RequireMLIROpt skips the test with a clear message when mlir-opt is absent.
func RequireMLIROpt(t testing.TB) {
	t.Helper()
	if !HaveMLIROpt() {
		t.Skipf("upstream mlir-opt not found at %s; install Debian's mlir-16-tools to run this cross-check", MLIROptPath)
	}
}

// MLIROpt runs upstream mlir-opt with args on text and returns its stdout,
// failing the test (with mlir-opt's stderr) if it rejects the input.
func MLIROpt(t testing.TB, text string, args ...string) string {
	t.Helper()
	out, err := RunMLIROpt(text, args...)
	if err != nil {
		t.Fatalf("upstream mlir-opt %v rejected our output: %v\n--- input\n%s", args, err, text)
	}
	return out
}

// RunMLIROpt runs mlir-opt and returns stdout, or an error holding stderr.
func RunMLIROpt(text string, args ...string) (string, error) {
	cmd := exec.Command(MLIROptPath, append(args, "-")...)
	cmd.Stdin = strings.NewReader(text)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", &mlirOptError{err: err, stderr: stderr.String()}
	}
	return stdout.String(), nil
}

type mlirOptError struct {
	err    error
	stderr string
}

func (e *mlirOptError) Error() string { return e.err.Error() + "\n" + e.stderr }
