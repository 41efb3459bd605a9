package module

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// TestAffineMapEntries writes affine maps of every expression kind into
// a kernel attribute table and reads them back: each must come back
// equal, and print as it did.
func TestAffineMapEntries(t *testing.T) {
	d0, d1, d2, s0 := affine.Dim(0), affine.Dim(1), affine.Dim(2), affine.Sym(0)
	maps := []affine.Map{
		affine.Identity(4),
		affine.Empty(2, 0),
		affine.NewMap(3, 0, d2, d0),
		affine.NewMap(3, 0, affine.Add(affine.Mul(d0, affine.Const(2)), d1), affine.Add(d2, affine.Const(-3))),
		affine.NewMap(2, 1, affine.FloorDiv(d0, affine.Const(4)), affine.Mod(d1, affine.Const(3)), affine.CeilDiv(affine.Add(d0, s0), affine.Const(2))),
		affine.NewMap(2, 1, affine.Mul(d0, s0), affine.Const(0)),
		affine.NewMap(1, 0, affine.Add(affine.Mul(affine.Add(d0, affine.Const(1)), affine.Const(-5)), affine.Const(1<<40))),
	}
	w := newIRWriter()
	for _, m := range maps {
		w.attr(ir.AffineMapAttr{Map: m})
	}
	blob, err := w.finish()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(blob), "affine_map") {
		t.Fatalf("maps stored as text: %q", blob)
	}
	r := &irReader{data: blob, ctx: newContext()}
	if err := r.header("test"); err != nil {
		t.Fatal(err)
	}
	if len(r.attrs) != len(maps) {
		t.Fatalf("%d attributes for %d maps", len(r.attrs), len(maps))
	}
	for i, m := range maps {
		got, ok := r.attrs[i].(ir.AffineMapAttr)
		if !ok || got.Map.String() != m.String() || !ir.AttrEqual(got, ir.AffineMapAttr{Map: m}) {
			t.Errorf("map %d: wrote %s, read %v", i, m, r.attrs[i])
		}
	}
}

// TestCorruptAffineMap feeds affineMap streams that are not maps: each is
// an error naming the problem, never a panic.
func TestCorruptAffineMap(t *testing.T) {
	deep := []byte{1, 0, 1} // 1 dim, 0 symbols, 1 result
	for i := 0; i < maxExprDepth+2; i++ {
		deep = append(deep, byte(affine.KindAdd))
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"dim out of range", []byte{2, 0, 1, byte(affine.KindDim), 2}, "d2 of a map of 2 dims"},
		{"symbol out of range", []byte{2, 0, 1, byte(affine.KindSymbol), 0}, "s0 of a map of 0 symbols"},
		{"unknown kind", []byte{1, 0, 1, 9}, "affine expression kind 9"},
		{"truncated", []byte{1, 0, 2, byte(affine.KindDim), 0}, "affine expression"},
		{"missing operand", []byte{1, 0, 1, byte(affine.KindMul), byte(affine.KindDim), 0}, "affine expression"},
		{"bad constant", []byte{1, 0, 1, byte(affine.KindConst), 0x80}, "affine constant"},
		{"too deep", deep, "affine expression"},
		{"too many results", []byte{1, 0, 200}, "corrupt kernel stream"},
	} {
		r := &irReader{data: tc.data}
		_, err := r.affineMap()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}
