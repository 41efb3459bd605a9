package torch

import (
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// The torch dialect's types. Each embeds ir.DialectType (which makes it an
// ir.Type) and has a String that is exactly torch-mlir's printed form, so
// ir.TypeEqual, which compares dialect types by their text, works on them
// unchanged. Build them with keyed literals: ListType{Elem: IntType{}}.

// VTensorType is a value-semantic tensor, `!torch.vtensor<[2,?,4],f32>`.
// HasSizes false means the rank is unknown (`*`); a nil Dtype means the
// dtype is unknown (`unk`). With neither, the type prints as bare
// `!torch.vtensor`, torch-mlir's "least static information" tensor.
type VTensorType struct {
	ir.DialectType
	Sizes    []int64 // ir.Dynamic for `?`
	Dtype    ir.Type // nil: unknown
	HasSizes bool
}

// NonValueTensorType is the mutable tensor `!torch.tensor<...>`, used by
// in-place ops before they are made value-semantic. Fields as VTensorType.
type NonValueTensorType struct {
	ir.DialectType
	Sizes    []int64
	Dtype    ir.Type
	HasSizes bool
}

// Scalar and opaque torch types, one per TorchScript type the importer meets.
type (
	IntType       struct{ ir.DialectType } // !torch.int: a 64-bit TorchScript int (also SymInt, ScalarType, Layout, MemoryFormat)
	FloatType     struct{ ir.DialectType } // !torch.float: a TorchScript float (f64)
	BoolType      struct{ ir.DialectType } // !torch.bool
	NoneType      struct{ ir.DialectType } // !torch.none: Python None, also a masked optional result
	StrType       struct{ ir.DialectType } // !torch.str
	NumberType    struct{ ir.DialectType } // !torch.number: an int or a float (a Scalar whose kind is not known)
	DeviceType    struct{ ir.DialectType } // !torch.Device
	GeneratorType struct{ ir.DialectType } // !torch.Generator
	AnyType       struct{ ir.DialectType } // !torch.any
)

// ListType is `!torch.list<T>`; Elem must be a torch type.
type ListType struct {
	ir.DialectType
	Elem ir.Type
}

// OptionalType is `!torch.optional<T>`: T or None.
type OptionalType struct {
	ir.DialectType
	Elem ir.Type
}

// TupleType is `!torch.tuple<T1, T2>`.
type TupleType struct {
	ir.DialectType
	Elems []ir.Type
}

func (t VTensorType) String() string        { return "!torch." + t.body() }
func (t NonValueTensorType) String() string { return "!torch." + t.body() }
func (IntType) String() string              { return "!torch.int" }
func (FloatType) String() string            { return "!torch.float" }
func (BoolType) String() string             { return "!torch.bool" }
func (NoneType) String() string             { return "!torch.none" }
func (StrType) String() string              { return "!torch.str" }
func (NumberType) String() string           { return "!torch.number" }
func (DeviceType) String() string           { return "!torch.Device" }
func (GeneratorType) String() string        { return "!torch.Generator" }
func (AnyType) String() string              { return "!torch.any" }
func (t ListType) String() string           { return "!torch." + t.body() }
func (t OptionalType) String() string       { return "!torch." + t.body() }
func (t TupleType) String() string          { return "!torch." + t.body() }

func (t VTensorType) body() string { return "vtensor" + tensorBody(t.Sizes, t.Dtype, t.HasSizes) }
func (t NonValueTensorType) body() string {
	return "tensor" + tensorBody(t.Sizes, t.Dtype, t.HasSizes)
}
func (t ListType) body() string     { return "list<" + nested(t.Elem) + ">" }
func (t OptionalType) body() string { return "optional<" + nested(t.Elem) + ">" }
func (t TupleType) body() string {
	parts := make([]string, len(t.Elems))
	for i, e := range t.Elems {
		parts[i] = nested(e)
	}
	return "tuple<" + strings.Join(parts, ", ") + ">"
}

// nested prints a contained type the way torch-mlir's list, optional and
// tuple printers do: a torch type without its `!torch.` prefix. A
// non-torch type (invalid there, rejected by the verifier) keeps its full
// text so the printout still shows what is wrong.
func nested(t ir.Type) string {
	if t == nil {
		return "<<NULL TYPE>>"
	}
	s := t.String()
	if rest, ok := strings.CutPrefix(s, "!torch."); ok && isTorchType(t) {
		return rest
	}
	return s
}

// tensorBody is torch-mlir's printTensorType: nothing when both sizes and
// dtype are unknown, else `<[sizes],dtype>` with `*` for unknown sizes and
// `unk` for an unknown dtype. Sizes are joined by "," with no spaces.
func tensorBody(sizes []int64, dtype ir.Type, hasSizes bool) string {
	if !hasSizes && dtype == nil {
		return ""
	}
	var sb strings.Builder
	sb.WriteByte('<')
	if hasSizes {
		sb.WriteByte('[')
		for i, d := range sizes {
			if i > 0 {
				sb.WriteByte(',')
			}
			if d < 0 {
				sb.WriteByte('?')
			} else {
				sb.WriteString(strconv.FormatInt(d, 10))
			}
		}
		sb.WriteByte(']')
	} else {
		sb.WriteByte('*')
	}
	sb.WriteByte(',')
	if dtype != nil {
		sb.WriteString(dtype.String())
	} else {
		sb.WriteString("unk")
	}
	sb.WriteByte('>')
	return sb.String()
}

// isTorchType reports whether t is one of this package's types.
func isTorchType(t ir.Type) bool {
	switch t.(type) {
	case VTensorType, NonValueTensorType, IntType, FloatType, BoolType, NoneType, StrType,
		NumberType, DeviceType, GeneratorType, AnyType, ListType, OptionalType, TupleType:
		return true
	}
	return false
}

// VTensor builds a ranked value tensor type with a known dtype. Sizes may
// contain ir.Dynamic; no sizes makes a rank-0 tensor (`[]`).
func VTensor(dtype ir.Type, sizes ...int64) VTensorType {
	return VTensorType{Sizes: append([]int64{}, sizes...), Dtype: dtype, HasSizes: true}
}

// NonValueTensor builds a ranked `!torch.tensor` type with a known dtype.
func NonValueTensor(dtype ir.Type, sizes ...int64) NonValueTensorType {
	return NonValueTensorType{Sizes: append([]int64{}, sizes...), Dtype: dtype, HasSizes: true}
}

// IsTensorType reports whether t is `!torch.vtensor` or `!torch.tensor`.
func IsTensorType(t ir.Type) bool {
	switch t.(type) {
	case VTensorType, NonValueTensorType:
		return true
	}
	return false
}

// TensorInfo returns the sizes, dtype and hasSizes of a torch tensor type;
// ok is false for any other type.
func TensorInfo(t ir.Type) (sizes []int64, dtype ir.Type, hasSizes, ok bool) {
	switch x := t.(type) {
	case VTensorType:
		return x.Sizes, x.Dtype, x.HasSizes, true
	case NonValueTensorType:
		return x.Sizes, x.Dtype, x.HasSizes, true
	}
	return nil, nil, false, false
}

// Rank is the number of dimensions, or -1 when unknown.
func (t VTensorType) Rank() int {
	if !t.HasSizes {
		return -1
	}
	return len(t.Sizes)
}

// HasStaticShape reports whether the sizes are known and none is `?`.
func (t VTensorType) HasStaticShape() bool {
	return t.HasSizes && ir.NumElements(t.Sizes) >= 0
}

// ToBuiltinTensor returns the builtin tensor type the lowering uses for t:
// the same shape with a signless element type (si64 → i64), as torch-mlir's
// ValueTensorType::toBuiltinTensor does. ok is false when the dtype or the
// rank is unknown.
func (t VTensorType) ToBuiltinTensor() (ir.RankedTensorType, bool) {
	if t.Dtype == nil || !t.HasSizes {
		return ir.RankedTensorType{}, false
	}
	elem := t.Dtype
	if it, isInt := elem.(ir.IntegerType); isInt {
		elem = ir.IntegerType{Width: it.Width}
	}
	return ir.Tensor(elem, t.Sizes...), true
}

// WithValueSemantics converts a `!torch.tensor` to the matching vtensor.
func (t NonValueTensorType) WithValueSemantics() VTensorType {
	return VTensorType{Sizes: t.Sizes, Dtype: t.Dtype, HasSizes: t.HasSizes}
}

// WithoutValueSemantics converts a vtensor to the matching `!torch.tensor`.
func (t VTensorType) WithoutValueSemantics() NonValueTensorType {
	return NonValueTensorType{Sizes: t.Sizes, Dtype: t.Dtype, HasSizes: t.HasSizes}
}
