package linalg_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect)
}

// TestRoundTrip runs every chunk of testdata/*.mlir through checkChunk.
func TestRoundTrip(t *testing.T) {
	runFiles(t, "testdata/*.mlir")
}

// TestCorpus runs the shared corpus files that use only the dialects this
// test loads.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/roundtrip/linalg_*.mlir")
	mixed, _ := filepath.Glob("../../testdata/roundtrip/mixed_*.mlir")
	for _, f := range append(files, mixed...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		runFile(t, f, string(data))
	}
}

func runFiles(t *testing.T, pattern string) {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		runFile(t, file, string(data))
	}
}

func runFile(t *testing.T, file, data string) {
	chunks, lines := irtest.SplitInput(data)
	for i, chunk := range chunks {
		if strings.TrimSpace(stripComments(chunk)) == "" {
			continue
		}
		name := filepath.Base(file) + ":" + strconv.Itoa(lines[i]+1)
		t.Run(name, func(t *testing.T) { checkChunk(t, name, chunk) })
	}
}

// checkChunk checks that printing is a fixed point in both forms, that
// our custom output equals upstream's, that our generic output equals
// upstream's up to the lazily added linalg.memoized_indexing_maps, that
// upstream accepts both our outputs, and that we accept upstream's.
func checkChunk(t *testing.T, name, chunk string) {
	ctx := newContext()
	custom, generic := irtest.RoundTrip(t, ctx, name, chunk)
	if !irtest.HaveMLIROpt() {
		return
	}
	upCustom := irtest.MLIROpt(t, chunk)
	upGeneric := irtest.MLIROpt(t, chunk, "--mlir-print-op-generic")
	if !sameText(t, custom, upCustom) {
		t.Errorf("custom form differs from upstream:\n--- ours\n%s\n--- upstream\n%s", custom, upCustom)
	}
	ours, upG := dropMemoized(t, ctx, name, generic), dropMemoized(t, ctx, name+".upstream-generic", upGeneric)
	if !sameText(t, ours, upG) {
		t.Errorf("generic form differs from upstream:\n--- ours\n%s\n--- upstream\n%s", ours, upG)
	}
	// Upstream reads our output back to the same custom form.
	if got := irtest.MLIROpt(t, custom, "--verify-each"); !sameText(t, got, upCustom) {
		t.Errorf("upstream reprints our custom form differently:\n%s", got)
	}
	if got := irtest.MLIROpt(t, generic, "--verify-each"); !sameText(t, got, upCustom) {
		t.Errorf("upstream reprints our generic form differently:\n%s", got)
	}
	up := irtest.ParseVerify(t, ctx, name+".upstream", upCustom, 0)
	if got := ir.Sprint(up, ir.PrintOptions{}); !sameText(t, got, upCustom) {
		t.Errorf("upstream custom output does not reprint identically:\n--- ours\n%s\n--- upstream\n%s", got, upCustom)
	}
	if _, err := asm.Parse(ctx, upGeneric, asm.Options{FileName: name}); err != nil {
		t.Errorf("parse upstream generic: %v", err)
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

// sameText compares two printouts, ignoring surrounding blank lines.
func sameText(t *testing.T, a, b string) bool {
	t.Helper()
	return strings.TrimSpace(a) == strings.TrimSpace(b)
}

// dropMemoized reprints text in generic form without the
// linalg.memoized_indexing_maps cache that upstream adds lazily.
func dropMemoized(t *testing.T, ctx *ir.Context, name, text string) string {
	t.Helper()
	m := irtest.ParseVerify(t, ctx, name, text, 0)
	m.Walk(ir.PreOrder, func(o *ir.Operation) { o.RemoveAttr(linalg.MemoizedMapsAttr) })
	return ir.Sprint(m, ir.PrintOptions{Generic: true})
}
