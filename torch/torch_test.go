package torch_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

func newCtx() *ir.Context { return ir.NewContext(fn.Dialect, arith.Dialect, torch.Dialect) }

// TestRoundTrip parses, verifies and prints every testdata file in the
// custom, generic and debug-info forms, each of which must be a fixed
// point. Upstream mlir-opt knows no torch types, so there is no
// cross-check here. Files not prefixed noncanon_ are written in
// canonical form: printing them must reproduce the input exactly, which
// pins the text to torch-mlir's (result names, spacing, type syntax).
func TestRoundTrip(t *testing.T) {
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
			canonical := !strings.HasPrefix(filepath.Base(f), "noncanon_")
			for _, c := range chunks {
				custom, _ := irtest.RoundTrip(t, newCtx(), f, c)
				if canonical {
					if want := stripComments(c); strings.TrimSpace(custom) != want {
						t.Errorf("print differs from input\n--- input\n%s\n--- printed\n%s", want, custom)
					}
				}
			}
		})
	}
}

// stripComments drops `//` comment lines and surrounding blank lines.
func stripComments(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		out = append(out, line)
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}
