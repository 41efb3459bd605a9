package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// Type is an MLIR type. Types are immutable values; compare them with
// TypeEqual, never with ==, because composite types hold slices.
type Type interface {
	// String returns the type exactly as MLIR prints it.
	String() string
	isType()
}

// Signedness distinguishes MLIR's signless integers (i32), which every
// upstream dialect we use requires, from the rarely seen si32/ui32.
type Signedness uint8

const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	Width      int
	Signedness Signedness
}

// FloatKind enumerates the floating-point types we support.
type FloatKind uint8

const (
	F16 FloatKind = iota
	BF16
	F32
	F64
)

// FloatType is f16, bf16, f32 or f64.
type FloatType struct{ Kind FloatKind }

// IndexType is MLIR's target-width integer used for sizes and offsets.
type IndexType struct{}

// NoneType is MLIR's `none`.
type NoneType struct{}

// Dynamic marks a `?` dimension in a shape; it equals MLIR's
// ShapedType::kDynamic so dynamic sentinels in static_* attributes agree.
const Dynamic int64 = -1 << 63

// RankedTensorType is tensor<2x?x4xf32>, with an optional encoding attribute.
type RankedTensorType struct {
	Shape    []int64
	Elem     Type
	Encoding Attribute
}

// UnrankedTensorType is tensor<*xf32>.
type UnrankedTensorType struct{ Elem Type }

// FunctionType is (inputs) -> results.
type FunctionType struct {
	Inputs, Results []Type
}

// OpaqueType holds a dialect type the context has no parser for, verbatim:
// `!dialect.name` or `!dialect.name<body>`. Keeping the text lets tools pass
// foreign types through unchanged.
type OpaqueType struct {
	Dialect, Name, Body string // Body excludes the outer <>
}

func (IntegerType) isType()        {}
func (FloatType) isType()          {}
func (IndexType) isType()          {}
func (NoneType) isType()           {}
func (RankedTensorType) isType()   {}
func (UnrankedTensorType) isType() {}
func (FunctionType) isType()       {}
func (OpaqueType) isType()         {}

// DialectType is embedded by types defined outside this package (the
// torch dialect's !torch.* types) so that they satisfy Type, whose marker
// method is unexported. The embedding type supplies String.
type DialectType struct{}

func (DialectType) isType() {}

// Convenient singletons.
var (
	I1    Type = IntegerType{Width: 1}
	I8    Type = IntegerType{Width: 8}
	I16   Type = IntegerType{Width: 16}
	I32   Type = IntegerType{Width: 32}
	I64   Type = IntegerType{Width: 64}
	F16T  Type = FloatType{F16}
	BF16T Type = FloatType{BF16}
	F32T  Type = FloatType{F32}
	F64T  Type = FloatType{F64}
	Index Type = IndexType{}
)

func (t IntegerType) String() string {
	switch t.Signedness {
	case Signed:
		return "si" + strconv.Itoa(t.Width)
	case Unsigned:
		return "ui" + strconv.Itoa(t.Width)
	}
	return "i" + strconv.Itoa(t.Width)
}

func (t FloatType) String() string {
	return [...]string{"f16", "bf16", "f32", "f64"}[t.Kind]
}

// Bits returns the storage width of the float type.
func (t FloatType) Bits() int { return [...]int{16, 16, 32, 64}[t.Kind] }

func (IndexType) String() string { return "index" }
func (NoneType) String() string  { return "none" }

func (t RankedTensorType) String() string {
	var sb strings.Builder
	sb.WriteString("tensor<")
	for _, d := range t.Shape {
		sb.WriteString(DimString(d))
		sb.WriteByte('x')
	}
	sb.WriteString(t.Elem.String())
	if t.Encoding != nil {
		sb.WriteString(", ")
		sb.WriteString(t.Encoding.String())
	}
	sb.WriteByte('>')
	return sb.String()
}

// DimString prints one dimension of a shape: the size or `?`.
func DimString(d int64) string {
	if d == Dynamic {
		return "?"
	}
	return strconv.FormatInt(d, 10)
}

func (t UnrankedTensorType) String() string { return "tensor<*x" + t.Elem.String() + ">" }

func (t FunctionType) String() string {
	var sb strings.Builder
	sb.WriteByte('(')
	writeTypeList(&sb, t.Inputs)
	sb.WriteString(") -> ")
	// MLIR parenthesizes results unless there is exactly one that is not
	// itself a function type.
	if len(t.Results) == 1 {
		if _, isFn := t.Results[0].(FunctionType); !isFn {
			sb.WriteString(t.Results[0].String())
			return sb.String()
		}
	}
	sb.WriteByte('(')
	writeTypeList(&sb, t.Results)
	sb.WriteByte(')')
	return sb.String()
}

func (t OpaqueType) String() string {
	s := "!" + t.Dialect + "." + t.Name
	if t.Body != "" {
		s += "<" + t.Body + ">"
	}
	return s
}

func writeTypeList(sb *strings.Builder, ts []Type) {
	for i, t := range ts {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(t.String())
	}
}

// TypeListString prints types separated by ", ".
func TypeListString(ts []Type) string {
	var sb strings.Builder
	writeTypeList(&sb, ts)
	return sb.String()
}

// TypeEqual reports whether two types are the same type.
func TypeEqual(a, b Type) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case IntegerType, FloatType, IndexType, NoneType:
		return a == b
	case RankedTensorType:
		y, ok := b.(RankedTensorType)
		if !ok || len(x.Shape) != len(y.Shape) || !TypeEqual(x.Elem, y.Elem) {
			return false
		}
		for i := range x.Shape {
			if x.Shape[i] != y.Shape[i] {
				return false
			}
		}
		if (x.Encoding == nil) != (y.Encoding == nil) {
			return false
		}
		return x.Encoding == nil || AttrEqual(x.Encoding, y.Encoding)
	case UnrankedTensorType:
		y, ok := b.(UnrankedTensorType)
		return ok && TypeEqual(x.Elem, y.Elem)
	case FunctionType:
		y, ok := b.(FunctionType)
		return ok && TypeListEqual(x.Inputs, y.Inputs) && TypeListEqual(x.Results, y.Results)
	}
	// Dialect types compare by their printed form, which is canonical.
	return a.String() == b.String()
}

// TypeListEqual compares two type lists element-wise.
func TypeListEqual(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !TypeEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// ElementType returns the element type of a tensor type, or t itself for a
// scalar type.
func ElementType(t Type) Type {
	switch x := t.(type) {
	case RankedTensorType:
		return x.Elem
	case UnrankedTensorType:
		return x.Elem
	}
	return t
}

// IsFloat reports whether t is a float type.
func IsFloat(t Type) bool { _, ok := t.(FloatType); return ok }

// IsInteger reports whether t is an integer type (not index).
func IsInteger(t Type) bool { _, ok := t.(IntegerType); return ok }

// IsIntOrIndex reports whether t is an integer or index type.
func IsIntOrIndex(t Type) bool {
	switch t.(type) {
	case IntegerType, IndexType:
		return true
	}
	return false
}

// IsTensor reports whether t is a ranked or unranked tensor type.
func IsTensor(t Type) bool {
	switch t.(type) {
	case RankedTensorType, UnrankedTensorType:
		return true
	}
	return false
}

// IntWidth returns the bit width of an integer type; index counts as 64.
func IntWidth(t Type) int {
	switch x := t.(type) {
	case IntegerType:
		return x.Width
	case IndexType:
		return 64
	}
	return 0
}

// NumElements returns the element count of a static shape, or -1.
func NumElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		if d == Dynamic {
			return -1
		}
		n *= d
	}
	return n
}

// Tensor builds a ranked tensor type.
func Tensor(elem Type, shape ...int64) RankedTensorType {
	return RankedTensorType{Shape: append([]int64(nil), shape...), Elem: elem}
}

// HasStaticShape reports whether a ranked tensor type has no `?` dims.
func (t RankedTensorType) HasStaticShape() bool { return NumElements(t.Shape) >= 0 }

// Rank is the number of dimensions.
func (t RankedTensorType) Rank() int { return len(t.Shape) }

// ShapeString prints a shape as MLIR prints it inside tensor<...>, without
// the element type: "2x?x4".
func ShapeString(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = DimString(d)
	}
	return strings.Join(parts, "x")
}

// mustType panics on nil; used in constructors to catch programmer errors.
// mustType panics when t is nil, naming what (in two parts, joined only
// then: it is checked for every result of every op built).
func mustType(t Type, what, suffix string) {
	if t == nil {
		panic(fmt.Sprintf("ir: nil type for %s%s", what, suffix))
	}
}
