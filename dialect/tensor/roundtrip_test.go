package tensor_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

func newContext() *ir.Context { return ir.NewContext(fn.Dialect, tensor.Dialect) }

// TestRoundTrip parses every testdata file chunk, checks that custom and
// generic printing are fixed points, that the output equals what upstream
// mlir-opt prints for the same input, that upstream accepts our output,
// and that we accept upstream's.
func TestRoundTrip(t *testing.T) {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		chunks, lines := irtest.SplitInput(string(data))
		for i, chunk := range chunks {
			if strings.TrimSpace(stripComments(chunk)) == "" {
				continue
			}
			name := filepath.Base(file) + ":" + itoa(lines[i]+1)
			t.Run(name, func(t *testing.T) {
				ctx := newContext()
				custom, generic := irtest.RoundTrip(t, ctx, name, chunk)
				if !irtest.HaveMLIROpt() {
					return
				}
				upCustom := irtest.MLIROpt(t, chunk)
				upGeneric := irtest.MLIROpt(t, chunk, "--mlir-print-op-generic")
				if strings.TrimSpace(custom) != strings.TrimSpace(upCustom) {
					t.Errorf("custom form differs from upstream:\n--- ours\n%s\n--- upstream\n%s", custom, upCustom)
				}
				if strings.TrimSpace(generic) != strings.TrimSpace(upGeneric) {
					t.Errorf("generic form differs from upstream:\n--- ours\n%s\n--- upstream\n%s", generic, upGeneric)
				}
				irtest.MLIROpt(t, custom, "--verify-each")
				irtest.MLIROpt(t, generic, "--verify-each")
				irtest.ParseVerify(t, ctx, name+".upstream", upCustom, 0)
				irtest.ParseVerify(t, ctx, name+".upstream-generic", upGeneric, 0)
			})
		}
	}
}

func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "//") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// parseAndVerify returns the first parse or verify error of text.
func parseAndVerify(ctx *ir.Context, text string) error {
	m, err := asm.Parse(ctx, text, asm.Options{FileName: "invalid.mlir"})
	if err != nil {
		return err
	}
	// Printing invalid IR (as diagnostics do) must not panic either.
	_ = ir.Sprint(m, ir.PrintOptions{})
	return ir.Verify(m)
}

// TestCorpus round-trips the shared corpus files about tensor ops
// (testdata/roundtrip/tensor_*.mlir) that need only func, arith and tensor.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/roundtrip/tensor_*.mlir")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if strings.Contains(text, "linalg.") || strings.Contains(text, "math.") {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			ctx := ir.NewContext(fn.Dialect, arith.Dialect, tensor.Dialect)
			custom, generic := irtest.RoundTrip(t, ctx, file, text)
			if !irtest.HaveMLIROpt() {
				return
			}
			up := irtest.MLIROpt(t, text)
			if strings.TrimSpace(custom) != strings.TrimSpace(up) {
				t.Errorf("custom form differs from upstream:\n--- ours\n%s\n--- upstream\n%s", custom, up)
			}
			upGeneric := irtest.MLIROpt(t, text, "--mlir-print-op-generic")
			if strings.TrimSpace(generic) != strings.TrimSpace(upGeneric) {
				t.Errorf("generic form differs from upstream:\n--- ours\n%s\n--- upstream\n%s", generic, upGeneric)
			}
		})
	}
}
