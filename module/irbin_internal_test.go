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

// TestScalarAttrEntries writes the attributes that version 3 stores in
// binary (integers, floats, integer arrays, dialect attributes, strings,
// bools, unit) and reads them back: each comes back equal, and a table of
// only those has no text at all.
func TestScalarAttrEntries(t *testing.T) {
	i32, i1, ui8 := ir.IntegerType{Width: 32}, ir.IntegerType{Width: 1}, ir.IntegerType{Width: 8, Signedness: ir.Unsigned}
	attrs := []ir.Attribute{
		ir.IntegerAttr{Value: -7, Type: i32},
		ir.IntegerAttr{Value: 1 << 40, Type: ir.IndexType{}},
		ir.IntegerAttr{Value: 200, Type: ui8},
		ir.IntegerAttr{Value: 1, Type: i1},
		ir.FloatAttr{Value: 0.1, Type: ir.FloatType{Kind: ir.F64}},
		ir.FloatAttr{Value: ir.RoundToFloatType(0.1, ir.F32), Type: ir.FloatType{Kind: ir.F32}},
		ir.FloatAttr{Value: -0.0, Type: ir.FloatType{Kind: ir.BF16}},
		ir.DenseArrayAttr{Elem: i32, Ints: []int64{2, 1, -3}},
		ir.DenseArrayAttr{Elem: ir.IntegerType{Width: 64}, Ints: []int64{}},
		ir.OpaqueAttr{Dialect: "linalg", Name: "iterator_type", Body: "parallel", HasBody: true},
		ir.OpaqueAttr{Dialect: "arith", Name: "fastmath", Body: "none", HasBody: true},
		ir.StringAttr("kernel"),
		ir.BoolAttr(true),
		ir.UnitAttr{},
	}
	w := newIRWriter()
	for _, a := range attrs {
		w.attr(a)
	}
	blob, err := w.finish()
	if err != nil {
		t.Fatal(err)
	}
	r := &irReader{data: blob, ctx: newContext()}
	if err := r.header("test"); err != nil {
		t.Fatal(err)
	}
	if len(r.attrs) != len(attrs) {
		t.Fatalf("%d attributes for %d", len(r.attrs), len(attrs))
	}
	for i, a := range attrs {
		if !ir.AttrEqual(a, r.attrs[i]) {
			t.Errorf("attribute %d: wrote %s, read %v", i, a, r.attrs[i])
		}
	}
	if strings.Contains(string(blob), "module") {
		t.Errorf("a table of binary entries still holds text: %q", blob)
	}
}

// TestCorruptScalarAttr feeds entry bodies that no writer produces: each
// is an error naming the problem, never a panic.
func TestCorruptScalarAttr(t *testing.T) {
	strs := []string{"i8", "f32", "f16", "x9", "i1"}
	for _, tc := range []struct {
		name string
		kind byte
		data []byte
		want string
	}{
		{"integer out of range", attrInteger, []byte{0, 0x80, 0x04}, "not an i8 value"},
		{"integer of float type", attrInteger, []byte{1, 2}, "integer attribute of type f32"},
		{"unknown type", attrInteger, []byte{3, 2}, "unknown element type"},
		{"float of integer type", attrFloat, []byte{0, 0, 0, 0, 0, 0, 0, 0, 0}, "float attribute"},
		{"float not of its type", attrFloat, append([]byte{2}, 0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0x3f), "is not a f16 value"},
		{"array value out of range", attrIntArray, []byte{4, 1, 4}, "not an i1 value"},
		{"array longer than the stream", attrIntArray, []byte{0, 100}, "corrupt kernel stream"},
		{"string index out of range", attrString, []byte{9}, "corrupt kernel stream"},
		{"bad bool", attrBool, []byte{2}, "bool attribute"},
		{"bad has-body", attrOpaque, []byte{0, 0, 0, 7}, "dialect attribute"},
	} {
		// (padded: a count or index may not exceed the stream's length)
		r := &irReader{data: append(tc.data, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), strs: strs}
		_, err := r.scalarAttr(tc.kind)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		kind byte
		data []byte
	}{
		{"truncated integer", attrInteger, []byte{0, 0x80}},
		{"truncated float", attrFloat, []byte{1, 0, 0, 0}},
		{"truncated array", attrIntArray, []byte{0, 2, 1}},
		{"truncated dialect attribute", attrOpaque, []byte{0, 0, 0}},
		{"truncated bool", attrBool, nil},
	} {
		r := &irReader{data: tc.data, strs: strs}
		if _, err := r.scalarAttr(tc.kind); err == nil || !strings.Contains(err.Error(), "corrupt kernel stream") {
			t.Errorf("%s: error %v, want a corrupt kernel stream", tc.name, err)
		}
	}
}
