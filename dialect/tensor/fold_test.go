package tensor_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
)

// canonicalize runs the folders and canonicalization patterns of every
// loaded op with the greedy driver, as mlir-opt --canonicalize does.
func canonicalize(t *testing.T, ctx *ir.Context, m *ir.Operation) {
	t.Helper()
	var patterns []*ir.Pattern
	for _, name := range ctx.OpNames() {
		patterns = append(patterns, ctx.Lookup(name).Canonicalize...)
	}
	if _, err := pass.ApplyPatternsGreedily(ctx, m, patterns, pass.GreedyConfig{Fold: true}); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify after folding: %v", err)
	}
}

// sortedLines compares printed IR independently of the order in which
// the driver materialized constants.
func sortedLines(s string) string {
	var ls []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			ls = append(ls, l)
		}
	}
	sort.Strings(ls)
	return strings.Join(ls, "\n")
}

// TestFold folds each testdata/fold/*.mlir and compares with the stored
// output of upstream `mlir-opt --canonicalize` (modulo line order).
func TestFold(t *testing.T) {
	files, _ := filepath.Glob("testdata/fold/*.mlir")
	if len(files) == 0 {
		t.Fatal("no fold tests")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			in, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(file, ".mlir") + ".expected")
			if err != nil {
				t.Fatal(err)
			}
			ctx := ir.NewContext(fn.Dialect, arith.Dialect, tensor.Dialect)
			m := irtest.ParseVerify(t, ctx, file, string(in), 0)
			canonicalize(t, ctx, m)
			got := ir.Sprint(m, ir.PrintOptions{})
			if sortedLines(got) != sortedLines(string(want)) {
				t.Errorf("folded IR differs:\n--- got\n%s\n--- want (upstream --canonicalize)\n%s", got, want)
			}
			if irtest.HaveMLIROpt() {
				up := irtest.MLIROpt(t, string(in), "--canonicalize")
				if sortedLines(up) != sortedLines(string(want)) {
					t.Errorf("stored expectation is stale; upstream now prints:\n%s", up)
				}
			}
		})
	}
}
