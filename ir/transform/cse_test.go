package transform_test

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/ir/transform"
)

// TestCSEKeepsDistinctBlobs: two dense_resource constants whose blobs
// carry one key in memory (as an importer may make them before printing)
// are different constants; CSE must not merge them.
func TestCSEKeepsDistinctBlobs(t *testing.T) {
	src := `func.func @f() -> (tensor<2xf32>, tensor<2xf32>) {
  %a = arith.constant dense_resource<wa> : tensor<2xf32>
  %b = arith.constant dense_resource<wb> : tensor<2xf32>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      wa: "0x040000000000803F00000040",
      wb: "0x040000000000404000008040"
    }
  }
#-}
`
	ctx := ir.NewContext(fn.Dialect, arith.Dialect)
	m, err := asm.Parse(ctx, src, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var blobs []*ir.ResourceBlob
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if r, ok := o.Attr("value").(ir.DenseResourceAttr); ok {
			blobs = append(blobs, r.Blob)
		}
	})
	if len(blobs) != 2 {
		t.Fatalf("want 2 blobs, got %d", len(blobs))
	}
	blobs[1].Key = blobs[0].Key
	pl := &pass.Pipeline{Entries: []pass.Entry{{Pass: transform.CSE, Options: pass.DefaultOptions(transform.CSE)}}}
	if err := (&pass.Manager{IR: ctx, Pipeline: pl}).Run(m); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(ir.Sprint(m, ir.PrintOptions{}), "arith.constant"); n != 2 {
		t.Errorf("CSE merged constants with distinct blobs: %d constants left\n%s", n, ir.Sprint(m, ir.PrintOptions{}))
	}
}
