package torchlower_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

// largeModule builds a module of about n ops in the shapes real lowered
// programs have: scalar arith chains, tensor slices and linalg.generic ops
// with bodies. Each unit below is 9 ops.
func largeModule(n int) string {
	var sb strings.Builder
	sb.WriteString("#map = affine_map<(d0, d1) -> (d0, d1)>\n")
	sb.WriteString("func.func @big(%a: f32, %t: tensor<8x16xf32>) -> f32 {\n")
	sb.WriteString("  %acc0 = arith.addf %a, %a : f32\n")
	units := n/9 + 1
	for i := 0; i < units; i++ {
		fmt.Fprintf(&sb, "  %%x%d = arith.mulf %%acc%d, %%a : f32\n", i, i)
		fmt.Fprintf(&sb, "  %%c%d = arith.constant %d.5 : f32\n", i, i)
		fmt.Fprintf(&sb, "  %%s%d = tensor.extract_slice %%t[0, %d] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>\n", i, i%12)
		fmt.Fprintf(&sb, "  %%e%d = tensor.empty() : tensor<8x4xf32>\n", i)
		fmt.Fprintf(&sb, "  %%g%d = linalg.generic {indexing_maps = [#map, #map], iterator_types = [\"parallel\", \"parallel\"]} ins(%%s%d : tensor<8x4xf32>) outs(%%e%d : tensor<8x4xf32>) {\n", i, i, i)
		sb.WriteString("  ^bb0(%in: f32, %out: f32):\n")
		fmt.Fprintf(&sb, "    %%m = arith.mulf %%in, %%c%d : f32\n", i)
		sb.WriteString("    %r = arith.addf %m, %out : f32\n")
		sb.WriteString("    linalg.yield %r : f32\n")
		sb.WriteString("  } -> tensor<8x4xf32>\n")
		fmt.Fprintf(&sb, "  %%acc%d = arith.addf %%x%d, %%c%d : f32\n", i+1, i, i)
	}
	fmt.Fprintf(&sb, "  return %%acc%d : f32\n}\n", units)
	return sb.String()
}

// BenchmarkOpt20k parses, verifies and prints a 20,000-op module, which is
// what `torchlower opt` does with no passes. The bar is under 1 s per
// iteration on the 2-core development machine.
func BenchmarkOpt20k(b *testing.B) {
	src := largeModule(20000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ctx := cli.NewContext()
		m, err := asm.Parse(ctx, src, asm.Options{FileName: "big.mlir"})
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			b.Fatal(err)
		}
		_ = ir.Sprint(m, ir.PrintOptions{})
	}
}

// TestLargeModuleOpCount keeps the benchmark honest: the module really has
// at least 20,000 ops.
func TestLargeModuleOpCount(t *testing.T) {
	m, err := asm.Parse(cli.NewContext(), largeModule(20000), asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	m.Walk(ir.PreOrder, func(*ir.Operation) { n++ })
	if n < 20000 {
		t.Fatalf("large module has %d ops, want >= 20000", n)
	}
}
