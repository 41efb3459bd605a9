package fn_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

// checkFiles runs every testdata/*.mlir file through the round trip and,
// when mlir-opt is installed, the upstream cross-check. Files named
// nocompare_*.mlir skip the exact text comparison with upstream.
func checkFiles(t *testing.T, newCtx func() *ir.Context) {
	files, _ := filepath.Glob("testdata/*.mlir")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			chunks, _ := irtest.SplitInput(string(b))
			compare := !strings.HasPrefix(filepath.Base(f), "nocompare_")
			for _, c := range chunks {
				crossCheck(t, newCtx(), f, c, compare)
			}
		})
	}
}

// crossCheck: our print round-trips; upstream accepts our custom and
// generic prints; we parse upstream's prints back. With compare, upstream's
// custom and generic prints must also equal ours, and ours of upstream's.
func crossCheck(t *testing.T, ctx *ir.Context, name, text string, compare bool) {
	t.Helper()
	custom, generic := irtest.RoundTrip(t, ctx, name, text)
	if !irtest.HaveMLIROpt() {
		return
	}
	irtest.MLIROpt(t, custom, "--verify-each")
	irtest.MLIROpt(t, generic, "--verify-each")
	upCustom := irtest.MLIROpt(t, text)
	if compare && trim(upCustom) != trim(custom) {
		t.Errorf("custom print differs from upstream's\n--- ours\n%s\n--- upstream\n%s", custom, upCustom)
	}
	upGeneric := irtest.MLIROpt(t, text, "--mlir-print-op-generic")
	if compare && trim(upGeneric) != trim(generic) {
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

// invalidCase is one negative test: text must fail to parse or verify
// with an error containing want, and never panic.
type invalidCase struct {
	name, text, want string
}

func checkInvalid(t *testing.T, ctx *ir.Context, cases []invalidCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := asm.Parse(ctx, c.text, asm.Options{FileName: c.name})
			if err == nil {
				err = ir.Verify(m)
			}
			if err == nil {
				t.Fatalf("expected an error containing %q, got none", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q does not contain %q", err.Error(), c.want)
			}
		})
	}
}

// trim drops the trailing blank line mlir-opt prints after the module.
func trim(s string) string { return strings.TrimRight(s, "\n") }
