package torch

import "github.com/torchlower/torchlower/ir"

// Builders for the constant and structural ops. Each inserts one op at
// b's insertion point and returns its result. torch-mlir emits a fresh
// constant at every use; these builders do the same (no caching), which
// keeps printed programs identical to fx_importer's.

// ConstantInt creates `torch.constant.int v`.
func ConstantInt(b *ir.Builder, loc ir.Location, v int64) *ir.Value {
	return b.Create(ConstantIntOp, loc, nil, []ir.Type{IntType{}},
		[]ir.NamedAttr{{Name: "value", Value: ir.I64Attr(v)}}, 0).Result(0)
}

// ConstantFloat creates `torch.constant.float v`.
func ConstantFloat(b *ir.Builder, loc ir.Location, v float64) *ir.Value {
	return b.Create(ConstantFloatOp, loc, nil, []ir.Type{FloatType{}},
		[]ir.NamedAttr{{Name: "value", Value: ir.FloatAttr{Value: v, Type: ir.FloatType{Kind: ir.F64}}}}, 0).Result(0)
}

// ConstantBool creates `torch.constant.bool true|false`.
func ConstantBool(b *ir.Builder, loc ir.Location, v bool) *ir.Value {
	return b.Create(ConstantBoolOp, loc, nil, []ir.Type{BoolType{}},
		[]ir.NamedAttr{{Name: "value", Value: ir.BoolAttr(v)}}, 0).Result(0)
}

// ConstantNone creates `torch.constant.none`.
func ConstantNone(b *ir.Builder, loc ir.Location) *ir.Value {
	return b.Create(ConstantNoneOp, loc, nil, []ir.Type{NoneType{}}, nil, 0).Result(0)
}

// ConstantStr creates `torch.constant.str "s"`.
func ConstantStr(b *ir.Builder, loc ir.Location, s string) *ir.Value {
	return b.Create(ConstantStrOp, loc, nil, []ir.Type{StrType{}},
		[]ir.NamedAttr{{Name: "value", Value: ir.StringAttr(s)}}, 0).Result(0)
}

// ConstantDevice creates `torch.constant.device "cpu"`.
func ConstantDevice(b *ir.Builder, loc ir.Location, device string) *ir.Value {
	return b.Create(ConstantDeviceOp, loc, nil, []ir.Type{DeviceType{}},
		[]ir.NamedAttr{{Name: "value", Value: ir.StringAttr(device)}}, 0).Result(0)
}

// ListConstruct creates `torch.prim.ListConstruct` of elems with result
// type !torch.list<elemType> (elemType e.g. IntType{}, BoolType{},
// VTensorType{} for a list of tensors, OptionalType{Elem: VTensorType{}}).
func ListConstruct(b *ir.Builder, loc ir.Location, elemType ir.Type, elems []*ir.Value) *ir.Value {
	return b.Create(ListConstructOp, loc, elems, []ir.Type{ListType{Elem: elemType}}, nil, 0).Result(0)
}

// ListUnpack creates `torch.prim.ListUnpack` of a list value into one
// result per type (the list's length must be known to the caller).
func ListUnpack(b *ir.Builder, loc ir.Location, list *ir.Value, resultTypes []ir.Type) []*ir.Value {
	return b.Create(ListUnpackOp, loc, []*ir.Value{list}, resultTypes, nil, 0).Results()
}

// TupleConstruct creates `torch.prim.TupleConstruct` of elems, typed by
// their types.
func TupleConstruct(b *ir.Builder, loc ir.Location, elems []*ir.Value) *ir.Value {
	ts := make([]ir.Type, len(elems))
	for i, e := range elems {
		ts[i] = e.Type()
	}
	return b.Create(TupleConstructOp, loc, elems, []ir.Type{TupleType{Elems: ts}}, nil, 0).Result(0)
}

// VTensorLiteral creates `torch.vtensor.literal(value) : t`. value is any
// attribute: a *ir.DenseElementsAttr, an ir.DenseResourceAttr for weights.
func VTensorLiteral(b *ir.Builder, loc ir.Location, value ir.Attribute, t VTensorType) *ir.Value {
	return b.Create(VTensorLiteralOp, loc, nil, []ir.Type{t},
		[]ir.NamedAttr{{Name: "value", Value: value}}, 0).Result(0)
}

// Operator creates the generic `torch.operator "name"(operands)` for an
// operator that has no schema row.
func Operator(b *ir.Builder, loc ir.Location, name string, operands []*ir.Value, resultTypes []ir.Type) *ir.Operation {
	return b.Create(OperatorOp, loc, operands, resultTypes,
		[]ir.NamedAttr{{Name: "name", Value: ir.StringAttr(name)}}, 0)
}

// Derefine creates `torch.derefine v : T to U`, casting v to supertype t.
func Derefine(b *ir.Builder, loc ir.Location, v *ir.Value, t ir.Type) *ir.Value {
	return b.Create(DerefineOp, loc, []*ir.Value{v}, []ir.Type{t}, nil, 0).Result(0)
}
