package irtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

// CheckFiles runs every file matching pattern (e.g. "testdata/*.mlir")
// through CrossCheck, chunk by chunk. Files named nocompare_*.mlir skip the
// exact text comparison with upstream (they hold forms where upstream's
// printing differs from ours but both are accepted by both).
func CheckFiles(t *testing.T, pattern string, newCtx func() *ir.Context) {
	t.Helper()
	files, _ := filepath.Glob(pattern)
	if len(files) == 0 {
		t.Fatalf("no files match %s", pattern)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			chunks, _ := SplitInput(string(b))
			compare := !strings.HasPrefix(filepath.Base(f), "nocompare_")
			for _, c := range chunks {
				CrossCheck(t, newCtx(), f, c, compare)
			}
		})
	}
}

// CrossCheck: our print round-trips; upstream accepts our custom and
// generic prints; we parse upstream's prints back. With compare, upstream's
// custom and generic prints must also equal ours, and ours of upstream's.
func CrossCheck(t *testing.T, ctx *ir.Context, name, text string, compare bool) {
	t.Helper()
	custom, generic := RoundTrip(t, ctx, name, text)
	if !HaveMLIROpt() {
		return
	}
	MLIROpt(t, custom, "--verify-each")
	MLIROpt(t, generic, "--verify-each")
	upCustom := MLIROpt(t, text)
	if compare && trimEnd(upCustom) != trimEnd(custom) {
		t.Errorf("custom print differs from upstream's\n--- ours\n%s\n--- upstream\n%s", custom, upCustom)
	}
	upGeneric := MLIROpt(t, text, "--mlir-print-op-generic")
	if compare && trimEnd(upGeneric) != trimEnd(generic) {
		t.Errorf("generic print differs from upstream's\n--- ours\n%s\n--- upstream\n%s", generic, upGeneric)
	}
	for _, up := range []string{upCustom, upGeneric} {
		m, err := asm.Parse(ctx, up, asm.Options{FileName: name + ".upstream"})
		if err != nil {
			t.Fatalf("parsing upstream output: %v\n%s", err, up)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("verifying upstream output: %v\n%s", err, up)
		}
		if got := ir.Sprint(m, ir.PrintOptions{}); compare && got != custom {
			t.Errorf("upstream output reprinted differs\n--- ours\n%s\n--- reprinted\n%s", custom, got)
		}
	}
}

// InvalidCase is one negative test: Text must fail to parse or verify
// with an error containing Want, and never panic.
type InvalidCase struct {
	Name, Text, Want string
}

// CheckInvalid runs negative cases.
func CheckInvalid(t *testing.T, ctx *ir.Context, cases []InvalidCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			m, err := asm.Parse(ctx, c.Text, asm.Options{FileName: c.Name})
			if err == nil {
				err = ir.Verify(m)
			}
			if err == nil {
				t.Fatalf("expected an error containing %q, got none", c.Want)
			}
			if !strings.Contains(err.Error(), c.Want) {
				t.Fatalf("error %q does not contain %q", err.Error(), c.Want)
			}
		})
	}
}

// trimEnd drops the trailing blank line mlir-opt prints after the module.
func trimEnd(s string) string { return strings.TrimRight(s, "\n") }
