package ir

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir/affine"
)

// Attribute is an MLIR attribute: immutable compile-time data attached to
// operations. Compare with AttrEqual.
type Attribute interface {
	// String returns the attribute exactly as MLIR prints it.
	String() string
	isAttr()
}

// IntegerAttr is `42 : i32` or `3 : index`. Values are stored sign-extended
// in an int64; wider integers are not supported.
type IntegerAttr struct {
	Value int64
	Type  Type
}

// FloatAttr is `1.000000e+00 : f32`. Value is already rounded to Type.
type FloatAttr struct {
	Value float64
	Type  FloatType
}

// BoolAttr is `true` or `false` (an i1 integer attribute in MLIR).
type BoolAttr bool

// StringAttr is a quoted string.
type StringAttr string

// UnitAttr is a present-or-absent flag; it prints as the bare name in a
// dictionary and as `unit` elsewhere.
type UnitAttr struct{}

// TypeAttr wraps a type used as an attribute (`function_type = (i32) -> ()`).
type TypeAttr struct{ Type Type }

// ArrayAttr is `[a, b, c]`.
type ArrayAttr []Attribute

// NamedAttr is one `name = value` entry.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// DictionaryAttr is `{a = 1 : i64, b}`; entries are kept sorted by name, as
// MLIR does, which makes printing deterministic.
type DictionaryAttr []NamedAttr

// SymbolRefAttr is `@root` or `@root::@nested`.
type SymbolRefAttr struct {
	Root   string
	Nested []string
}

// DenseArrayAttr is `array<i64: 1, 2>`, MLIR's packed array of scalars
// (DenseI64ArrayAttr and friends).
type DenseArrayAttr struct {
	Elem   Type
	Ints   []int64   // for integer elements (i1 stored as 0/1)
	Floats []float64 // for float elements
}

// AffineMapAttr is `affine_map<(d0) -> (d0)>`.
type AffineMapAttr struct{ Map affine.Map }

// OpaqueAttr holds a dialect attribute verbatim: `#dialect.name<body>` or
// `#dialect<body>` (Name empty). Dialects interpret the body (for example
// `#linalg.iterator_type<parallel>`), and keeping the text makes foreign
// attributes round-trip.
type OpaqueAttr struct {
	Dialect, Name, Body string
	HasBody             bool
}

func (IntegerAttr) isAttr()        {}
func (FloatAttr) isAttr()          {}
func (BoolAttr) isAttr()           {}
func (StringAttr) isAttr()         {}
func (UnitAttr) isAttr()           {}
func (TypeAttr) isAttr()           {}
func (ArrayAttr) isAttr()          {}
func (DictionaryAttr) isAttr()     {}
func (SymbolRefAttr) isAttr()      {}
func (DenseArrayAttr) isAttr()     {}
func (AffineMapAttr) isAttr()      {}
func (OpaqueAttr) isAttr()         {}
func (*DenseElementsAttr) isAttr() {}

func (a IntegerAttr) String() string {
	if it, ok := a.Type.(IntegerType); ok {
		if it.Width == 1 && it.Signedness == Signless {
			return BoolAttr(a.Value != 0).String()
		}
		if it.Signedness == Unsigned {
			u := uint64(a.Value)
			if it.Width < 64 {
				u &= 1<<uint(it.Width) - 1
			}
			return strconv.FormatUint(u, 10) + " : " + a.Type.String()
		}
	}
	return strconv.FormatInt(a.Value, 10) + " : " + a.Type.String()
}

func (a FloatAttr) String() string {
	return FormatFloat(a.Value, a.Type.Kind) + " : " + a.Type.String()
}

func (a BoolAttr) String() string {
	if a {
		return "true"
	}
	return "false"
}

func (a StringAttr) String() string { return QuoteString(string(a)) }
func (UnitAttr) String() string     { return "unit" }
func (a TypeAttr) String() string   { return a.Type.String() }

func (a ArrayAttr) String() string {
	var sb strings.Builder
	sb.WriteByte('[')
	for i, e := range a {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(e.String())
	}
	sb.WriteByte(']')
	return sb.String()
}

func (d DictionaryAttr) String() string {
	var sb strings.Builder
	sb.WriteByte('{')
	for i, na := range d {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(na.String())
	}
	sb.WriteByte('}')
	return sb.String()
}

// String prints `name = value`, or just the name for a unit attribute.
func (na NamedAttr) String() string {
	name := na.Name
	if !isBareIdent(name) {
		name = QuoteString(name)
	}
	if _, unit := na.Value.(UnitAttr); unit {
		return name
	}
	return name + " = " + na.Value.String()
}

// Get returns the value of the named entry, or nil.
func (d DictionaryAttr) Get(name string) Attribute {
	i := sort.Search(len(d), func(i int) bool { return d[i].Name >= name })
	if i < len(d) && d[i].Name == name {
		return d[i].Value
	}
	return nil
}

// NewDictionary sorts entries by name; a later duplicate replaces an earlier one.
func NewDictionary(entries []NamedAttr) DictionaryAttr {
	// An insertion sort into one allocation: With copies the dictionary
	// for every entry, and every op built goes through here.
	d := make(DictionaryAttr, 0, len(entries))
	for _, e := range entries {
		i := len(d)
		for i > 0 && d[i-1].Name > e.Name {
			i--
		}
		if i > 0 && d[i-1].Name == e.Name {
			d[i-1].Value = e.Value
			continue
		}
		d = append(d, NamedAttr{})
		copy(d[i+1:], d[i:])
		d[i] = e
	}
	return d
}

// With returns a copy of d with name set to v (inserted in sorted order).
func (d DictionaryAttr) With(name string, v Attribute) DictionaryAttr {
	i := sort.Search(len(d), func(i int) bool { return d[i].Name >= name })
	out := make(DictionaryAttr, 0, len(d)+1)
	out = append(out, d[:i]...)
	out = append(out, NamedAttr{name, v})
	if i < len(d) && d[i].Name == name {
		i++
	}
	return append(out, d[i:]...)
}

func (a SymbolRefAttr) String() string {
	s := "@" + symbolName(a.Root)
	for _, n := range a.Nested {
		s += "::@" + symbolName(n)
	}
	return s
}

func symbolName(n string) string {
	if isBareIdent(n) {
		return n
	}
	return QuoteString(n)
}

func (a DenseArrayAttr) String() string {
	var sb strings.Builder
	sb.WriteString("array<")
	sb.WriteString(a.Elem.String())
	n := len(a.Ints)
	if IsFloat(a.Elem) {
		n = len(a.Floats)
	}
	for i := 0; i < n; i++ {
		if i == 0 {
			sb.WriteString(": ")
		} else {
			sb.WriteString(", ")
		}
		switch {
		case IsFloat(a.Elem):
			sb.WriteString(FormatFloat(a.Floats[i], a.Elem.(FloatType).Kind))
		case IntWidth(a.Elem) == 1:
			sb.WriteString(BoolAttr(a.Ints[i] != 0).String())
		default:
			sb.WriteString(strconv.FormatInt(a.Ints[i], 10))
		}
	}
	sb.WriteByte('>')
	return sb.String()
}

// I64Array builds an `array<i64: ...>` attribute.
func I64Array(vs ...int64) DenseArrayAttr {
	return DenseArrayAttr{Elem: I64, Ints: append([]int64{}, vs...)}
}

// I32Array builds an `array<i32: ...>` attribute.
func I32Array(vs ...int64) DenseArrayAttr {
	return DenseArrayAttr{Elem: I32, Ints: append([]int64{}, vs...)}
}

func (a AffineMapAttr) String() string { return "affine_map<" + a.Map.String() + ">" }

// IntegerSetAttr is `affine_set<(d0) : (d0 >= 0)>`, kept as its text: no
// torchlower code reasons about integer sets, but inputs may carry them.
type IntegerSetAttr struct{ Body string }

func (IntegerSetAttr) isAttr()          {}
func (a IntegerSetAttr) String() string { return "affine_set<" + a.Body + ">" }

func (a OpaqueAttr) String() string {
	s := "#" + a.Dialect
	if a.Name != "" {
		s += "." + a.Name
	}
	if a.HasBody {
		s += "<" + a.Body + ">"
	}
	return s
}

// AttrEqual reports whether two attributes are equal.
func AttrEqual(a, b Attribute) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case BoolAttr, StringAttr, UnitAttr:
		return a == b
	case IntegerAttr:
		y, ok := b.(IntegerAttr)
		return ok && x.Value == y.Value && TypeEqual(x.Type, y.Type)
	case FloatAttr:
		y, ok := b.(FloatAttr)
		return ok && x.Type == y.Type && math.Float64bits(x.Value) == math.Float64bits(y.Value)
	case *DenseElementsAttr:
		y, ok := b.(*DenseElementsAttr)
		return ok && x.Equal(y)
	case DenseResourceAttr:
		// In memory two blobs may share a key: equal means the same blob.
		y, ok := b.(DenseResourceAttr)
		return ok && x.Blob == y.Blob && TypeEqual(x.Type, y.Type)
	}
	return a.String() == b.String()
}

// I64Attr builds an i64 integer attribute.
func I64Attr(v int64) IntegerAttr { return IntegerAttr{Value: v, Type: I64} }

// IndexAttr builds an index integer attribute.
func IndexAttr(v int64) IntegerAttr { return IntegerAttr{Value: v, Type: Index} }

// QuoteString prints a string literal with MLIR's escapes: `\"`, `\\`, and
// `\XX` hex for every non-printable byte.
func QuoteString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			sb.WriteByte(c)
		default:
			fmt.Fprintf(&sb, "\\%02X", c)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// isBareIdent reports whether s can be printed without quotes as a
// dictionary key or symbol name: [a-zA-Z_][a-zA-Z0-9_$.]*.
func isBareIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
		if i == 0 && !letter {
			return false
		}
		if !letter && !(c >= '0' && c <= '9') && c != '$' && c != '.' {
			return false
		}
	}
	return true
}

// DenseElementsAttr is `dense<...> : tensor<...>`: the elements of a
// statically shaped tensor, stored as raw little-endian bytes of the element
// type (one byte per i1), the layout MLIR's hex form uses. A splat stores
// one element.
type DenseElementsAttr struct {
	Type  RankedTensorType
	Splat bool
	raw   []byte
}

// ElementByteSize is the storage size of one element of t in dense
// attributes: i1 takes a byte, index eight.
func ElementByteSize(t Type) int {
	switch x := t.(type) {
	case IntegerType:
		return (x.Width + 7) / 8
	case FloatType:
		return x.Bits() / 8
	case IndexType:
		return 8
	}
	return 0
}

// NewDenseRaw builds a dense attribute from raw little-endian storage; raw
// must hold one element (splat) or all of them.
func NewDenseRaw(t RankedTensorType, raw []byte) (*DenseElementsAttr, error) {
	if !t.HasStaticShape() {
		return nil, fmt.Errorf("dense elements need a static shape, got %s", t)
	}
	es := ElementByteSize(t.Elem)
	if es == 0 {
		return nil, fmt.Errorf("unsupported dense element type %s", t.Elem)
	}
	n := NumElements(t.Shape)
	switch {
	case int64(len(raw)) == int64(es)*n:
		// All-equal data is stored as a splat, as MLIR does, so it prints
		// as `dense<1>` and compares equal to a splat of the same value.
		if n > 1 && allEqual(raw, es) {
			return &DenseElementsAttr{Type: t, Splat: true, raw: raw[:es:es]}, nil
		}
		return &DenseElementsAttr{Type: t, Splat: n == 1, raw: raw}, nil
	case len(raw) == es:
		return &DenseElementsAttr{Type: t, Splat: true, raw: raw}, nil
	}
	return nil, fmt.Errorf("dense data has %d bytes, %s needs %d", len(raw), t, int64(es)*n)
}

func allEqual(raw []byte, es int) bool {
	for i := es; i < len(raw); i += es {
		if string(raw[i:i+es]) != string(raw[:es]) {
			return false
		}
	}
	return true
}

// NewDenseFloats builds a float dense attribute; one value makes a splat.
func NewDenseFloats(t RankedTensorType, vs []float64) (*DenseElementsAttr, error) {
	ft, ok := t.Elem.(FloatType)
	if !ok {
		return nil, fmt.Errorf("float values for non-float tensor %s", t)
	}
	es := ElementByteSize(ft)
	raw := make([]byte, es*len(vs))
	for i, v := range vs {
		putBits(raw[i*es:], es, FloatBits(v, ft.Kind))
	}
	return NewDenseRaw(t, raw)
}

// NewDenseInts builds an integer (or index, or i1) dense attribute; one value
// makes a splat.
func NewDenseInts(t RankedTensorType, vs []int64) (*DenseElementsAttr, error) {
	if !IsIntOrIndex(t.Elem) {
		return nil, fmt.Errorf("integer values for non-integer tensor %s", t)
	}
	es := ElementByteSize(t.Elem)
	raw := make([]byte, es*len(vs))
	for i, v := range vs {
		putBits(raw[i*es:], es, uint64(v))
	}
	return NewDenseRaw(t, raw)
}

func putBits(b []byte, size int, v uint64) {
	switch size {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(b, v)
	}
}

func getBits(b []byte, size int) uint64 {
	switch size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// Raw returns the little-endian storage (one element for a splat).
func (d *DenseElementsAttr) Raw() []byte { return d.raw }

// NumElements is the element count of the tensor type.
func (d *DenseElementsAttr) NumElements() int64 { return NumElements(d.Type.Shape) }

func (d *DenseElementsAttr) bits(i int64) uint64 {
	es := ElementByteSize(d.Type.Elem)
	if d.Splat {
		i = 0
	}
	return getBits(d.raw[i*int64(es):], es)
}

// Float returns element i of a float attribute.
func (d *DenseElementsAttr) Float(i int64) float64 {
	return FloatFromBits(d.bits(i), d.Type.Elem.(FloatType).Kind)
}

// Int returns element i of an integer attribute, sign-extended (MLIR prints
// signless integers as signed).
func (d *DenseElementsAttr) Int(i int64) int64 {
	w := IntWidth(d.Type.Elem)
	v := d.bits(i)
	if w == 1 {
		return int64(v & 1)
	}
	if w < 64 {
		shift := 64 - uint(w)
		return int64(v<<shift) >> shift
	}
	return int64(v)
}

// Equal compares type and contents; a splat equals the full form of the
// same values.
func (d *DenseElementsAttr) Equal(o *DenseElementsAttr) bool {
	if !TypeEqual(d.Type, o.Type) {
		return false
	}
	if d.Splat == o.Splat {
		return string(d.raw) == string(o.raw)
	}
	n := d.NumElements()
	for i := int64(0); i < n; i++ {
		if d.bits(i) != o.bits(i) {
			return false
		}
	}
	return true
}

// IsSplatOf reports whether every element equals zero bits (for zero) —
// the common question "is this a zero constant".
func (d *DenseElementsAttr) IsZero() bool {
	n := d.NumElements()
	if d.Splat {
		n = 1
	}
	for i := int64(0); i < n; i++ {
		b := d.bits(i)
		if IsFloat(d.Type.Elem) {
			if d.Float(i) != 0 {
				return false
			}
		} else if b != 0 {
			return false
		}
	}
	return true
}

func (d *DenseElementsAttr) isBool() bool {
	it, ok := d.Type.Elem.(IntegerType)
	return ok && it.Width == 1
}

// hexThreshold is the element count above which dense attributes print in
// the compact hex form, as MLIR does for large constants.
const hexThreshold = 100

func (d *DenseElementsAttr) String() string {
	var sb strings.Builder
	sb.WriteString("dense<")
	n := d.NumElements()
	switch {
	case d.Splat && len(d.raw) > 0:
		d.writeElem(&sb, 0)
	case n > hexThreshold && !d.isBool():
		// Not for i1: MLIR 16 reads i1 hex data as bits packed eight to a
		// byte, later versions as a byte per element; the elements are
		// read the same by all.
		sb.WriteString(`"0x`)
		fmt.Fprintf(&sb, "%X", d.raw)
		sb.WriteByte('"')
	case n > 0:
		idx := int64(0)
		d.writeNested(&sb, 0, &idx)
	}
	sb.WriteString("> : ")
	sb.WriteString(d.Type.String())
	return sb.String()
}

func (d *DenseElementsAttr) writeNested(sb *strings.Builder, dim int, idx *int64) {
	if dim == len(d.Type.Shape) {
		d.writeElem(sb, *idx)
		*idx++
		return
	}
	sb.WriteByte('[')
	for i := int64(0); i < d.Type.Shape[dim]; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		d.writeNested(sb, dim+1, idx)
	}
	sb.WriteByte(']')
}

func (d *DenseElementsAttr) writeElem(sb *strings.Builder, i int64) {
	switch et := d.Type.Elem.(type) {
	case FloatType:
		sb.WriteString(FormatFloat(d.Float(i), et.Kind))
	default:
		if IntWidth(et) == 1 && IsInteger(et) {
			sb.WriteString(BoolAttr(d.Int(i) != 0).String())
		} else {
			sb.WriteString(strconv.FormatInt(d.Int(i), 10))
		}
	}
}

// TypeOfAttr returns the type of a typed attribute (MLIR's TypedAttr): i1
// for bools, the attached type of integers and floats, the tensor type of
// dense and dense_resource elements; nil for untyped attributes.
func TypeOfAttr(a Attribute) Type {
	switch x := a.(type) {
	case BoolAttr:
		return I1
	case IntegerAttr:
		return x.Type
	case FloatAttr:
		return x.Type
	case *DenseElementsAttr:
		return x.Type
	case DenseResourceAttr:
		return x.Type
	}
	return nil
}
