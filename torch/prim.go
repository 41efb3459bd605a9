package torch

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/ir"
)

// Names of the structural ops.
const (
	ListConstructOp  = "torch.prim.ListConstruct"
	TupleConstructOp = "torch.prim.TupleConstruct"
	TupleIndexOp     = "torch.prim.TupleIndex"
	TupleUnpackOp    = "torch.prim.TupleUnpack"
	ListUnpackOp     = "torch.prim.ListUnpack"
	NumToTensorOp    = "torch.prim.NumToTensor.Scalar"
	VTensorLiteralOp = "torch.vtensor.literal"
	OperatorOp       = "torch.operator"
	DerefineOp       = "torch.derefine"
)

// listConstructDef is torch-mlir's PrimListConstructOp, assembly format
// `$elements attr-dict : functional-type(operands, results)`. With no
// elements the format's separating spaces leave two spaces before the
// colon (`torch.prim.ListConstruct  : () -> !torch.list<int>`), which we
// reproduce.
var listConstructDef = &ir.OpDef{
	Name:    ListConstructOp,
	Summary: "builds a !torch.list from its operands",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if op.NumResults() != 1 {
			return ir.OpErrorf(op, "requires 1 results, but found %d", op.NumResults())
		}
		lt, ok := op.Result(0).Type().(ListType)
		if !ok {
			return ir.OpErrorf(op, "result #0 must be !torch.list, but got '%s'", op.Result(0).Type())
		}
		for i, t := range op.OperandTypes() {
			if !IsValidSubtype(t, lt.Elem) {
				return ir.OpErrorf(op, "operand #%d of type '%s' is not a valid element of '%s'", i, t, lt)
			}
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		p.Print(" ")
		p.Operands(op.Operands())
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.FunctionalType(op)
	},
	Parse: parseFunctionalForm,
}

// parseFunctionalForm reads `%a, %b {attrs} : (ta, tb) -> tr`.
func parseFunctionalForm(p ir.Parser, st *ir.OperationState) error {
	ops, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	pos := p.Pos()
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	ft, ok := t.(ir.FunctionType)
	if !ok {
		return p.ErrorfAt(pos, "expected a function type, got %s", t)
	}
	if len(ft.Inputs) != len(ops) {
		return p.ErrorfAt(pos, "%d operands present, but expected %d", len(ops), len(ft.Inputs))
	}
	if st.Operands, err = p.ResolveOperands(ops, ft.Inputs); err != nil {
		return err
	}
	st.ResultTypes = ft.Results
	return nil
}

// tupleConstructDef: `$elements attr-dict : type($elements) -> type($result)`.
var tupleConstructDef = &ir.OpDef{
	Name:    TupleConstructOp,
	Summary: "builds a !torch.tuple from its operands",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if op.NumResults() != 1 {
			return ir.OpErrorf(op, "requires 1 results, but found %d", op.NumResults())
		}
		tt, ok := op.Result(0).Type().(TupleType)
		if !ok {
			return ir.OpErrorf(op, "result #0 must be !torch.tuple, but got '%s'", op.Result(0).Type())
		}
		if len(tt.Elems) != op.NumOperands() {
			return ir.OpErrorf(op, "has %d operands but its tuple type has %d elements", op.NumOperands(), len(tt.Elems))
		}
		for i, t := range op.OperandTypes() {
			if !IsValidSubtype(t, tt.Elems[i]) {
				return ir.OpErrorf(op, "operand #%d of type '%s' is not a valid element #%d of '%s'", i, t, i, tt)
			}
		}
		return nil
	},
	Print: printDefault,
	Parse: func(p ir.Parser, st *ir.OperationState) error { return parseDefault(p, st, 1) },
}

// tupleIndexDef is generated from `prim::TupleIndex : (Any, int) -> (Any)`
// in torch-mlir, so it uses the default torch op syntax.
var tupleIndexDef = &ir.OpDef{
	Name:    TupleIndexOp,
	Summary: "reads element i of a tuple",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 2, 1); err != nil {
			return err
		}
		if _, ok := op.Operand(0).Type().(TupleType); !ok {
			return ir.OpErrorf(op, "operand #0 must be !torch.tuple, but got '%s'", op.Operand(0).Type())
		}
		return checkOperandType(op, 1, IntType{})
	},
	Print: printDefault,
	Parse: func(p ir.Parser, st *ir.OperationState) error { return parseDefault(p, st, 1) },
}

// unpackDef builds torch.prim.ListUnpack and torch.prim.TupleUnpack,
// which spread a list (of known length) or a tuple into results, in the
// default torch op syntax: `%0:2 = torch.prim.ListUnpack %l : !torch.list<vtensor> -> !torch.vtensor, !torch.vtensor`.
func unpackDef(name, summary string, isContainer func(ir.Type) bool, what string) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: summary,
		Traits:  ir.Pure,
		Verify: func(op *ir.Operation) error {
			if op.NumOperands() != 1 {
				return ir.OpErrorf(op, "expected 1 operands, but found %d", op.NumOperands())
			}
			if t := op.Operand(0).Type(); !isContainer(t) {
				return ir.OpErrorf(op, "operand #0 must be %s, but got '%s'", what, t)
			}
			if tt, ok := op.Operand(0).Type().(TupleType); ok && len(tt.Elems) != op.NumResults() {
				return ir.OpErrorf(op, "has %d results but its tuple type has %d elements", op.NumResults(), len(tt.Elems))
			}
			return nil
		},
		Print: printDefault,
		Parse: func(p ir.Parser, st *ir.OperationState) error { return parseDefault(p, st, -1) },
	}
}

var listUnpackDef = unpackDef(ListUnpackOp, "spreads a list of known length into results",
	func(t ir.Type) bool { _, ok := t.(ListType); return ok }, "!torch.list")

var tupleUnpackDef = unpackDef(TupleUnpackOp, "spreads a tuple into results",
	func(t ir.Type) bool { _, ok := t.(TupleType); return ok }, "!torch.tuple")

// vtensorLiteralDef is ValueTensorLiteralOp:
// `( $value ) attr-dict : type($result)`, printed with no space before
// the parenthesis. The value is any attribute; when it carries a tensor
// type (dense, dense_resource), that type must agree with the result.
var vtensorLiteralDef = &ir.OpDef{
	Name:    VTensorLiteralOp,
	Summary: "a value tensor constant",
	Traits:  ir.Pure | ir.ConstantLike,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 0, 1); err != nil {
			return err
		}
		v := op.Attr("value")
		if v == nil {
			return ir.OpErrorf(op, "requires attribute 'value'")
		}
		vt, ok := op.Result(0).Type().(VTensorType)
		if !ok {
			return ir.OpErrorf(op, "result #0 must be !torch.vtensor, but got '%s'", op.Result(0).Type())
		}
		if at, ok := attrTensorType(v); ok {
			want := VTensor(at.Elem, at.Shape...)
			if !ir.TypeEqual(want, vt) {
				return ir.OpErrorf(op, "value of type '%s' needs result type '%s', but got '%s'", at, want, vt)
			}
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		p.Print("(")
		p.Attr(op.Attr("value"))
		p.Print(")")
		p.AttrDict(op.Attrs(), "value")
		p.Print(" : ")
		p.Types(op.ResultTypes())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		if err := p.ExpectPunct("("); err != nil {
			return err
		}
		v, err := p.ParseAttribute()
		if err != nil {
			return err
		}
		if err := p.ExpectPunct(")"); err != nil {
			return err
		}
		st.AddAttr("value", v)
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
}

// attrTensorType returns the builtin tensor type of an elements attribute.
func attrTensorType(a ir.Attribute) (ir.RankedTensorType, bool) {
	switch x := a.(type) {
	case *ir.DenseElementsAttr:
		return x.Type, true
	case ir.DenseResourceAttr:
		return x.Type, true
	}
	return ir.RankedTensorType{}, false
}

// operatorDef is torch.operator, the escape hatch for ops without a row:
// `$name ( $operands ) attr-dict : functional-type($operands, $results) $regions`.
var operatorDef = &ir.OpDef{
	Name:    OperatorOp,
	Summary: "an operator named by its 'name' attribute, with no schema",
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Attr("name").(ir.StringAttr); !ok {
			return ir.OpErrorf(op, "requires attribute 'name' to be a string")
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		name, _ := op.Attr("name").(ir.StringAttr)
		p.Print(" ", name.String(), "(")
		p.Operands(op.Operands())
		p.Print(")")
		p.AttrDict(op.Attrs(), "name")
		p.Print(" : ")
		p.FunctionalType(op)
		for i, r := range op.Regions() {
			if i > 0 {
				p.Print(",")
			}
			p.Print(" ")
			p.Region(r, true, false)
		}
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		name, err := p.ParseString()
		if err != nil {
			return err
		}
		st.AddAttr("name", ir.StringAttr(name))
		if err := p.ExpectPunct("("); err != nil {
			return err
		}
		ops, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		if err := p.ExpectPunct(")"); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		pos := p.Pos()
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		ft, ok := t.(ir.FunctionType)
		if !ok {
			return p.ErrorfAt(pos, "expected a function type, got %s", t)
		}
		if len(ft.Inputs) != len(ops) {
			return p.ErrorfAt(pos, "%d operands present, but expected %d", len(ops), len(ft.Inputs))
		}
		if st.Operands, err = p.ResolveOperands(ops, ft.Inputs); err != nil {
			return err
		}
		st.ResultTypes = ft.Results
		for first := true; ; first = false {
			if !first && !p.ParseOptionalPunct(",") {
				return nil
			}
			r := &ir.Region{}
			ok, err := p.ParseOptionalRegion(r, nil)
			if err != nil {
				return err
			}
			if !ok {
				if !first {
					return p.Errorf("expected region after ','")
				}
				return nil
			}
			st.Regions = append(st.Regions, r)
		}
	},
}

// derefineDef casts a value to a supertype (`!torch.none` to
// `!torch.optional<int>`): `$operand attr-dict : type($operand) to type($result)`.
var derefineDef = &ir.OpDef{
	Name:    DerefineOp,
	Summary: "casts a value to a less refined (super)type",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 1, 1); err != nil {
			return err
		}
		if !IsValidSubtype(op.Operand(0).Type(), op.Result(0).Type()) {
			return ir.OpErrorf(op, "operand type '%s' is not a subtype of result type '%s'", op.Operand(0).Type(), op.Result(0).Type())
		}
		return nil
	},
	Print: arith.PrintCast,
	Parse: arith.ParseCast,
}

// numToTensorDef is PrimNumToTensorScalarOp: a Python scalar passed where a
// Tensor is expected becomes a rank-0 tensor, as fx_importer emits it
// (`torch.prim.NumToTensor.Scalar %int1 : !torch.int -> !torch.vtensor<[],si64>`).
var numToTensorDef = &ir.OpDef{
	Name:    NumToTensorOp,
	Summary: "a rank-0 tensor holding a scalar",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 1, 1); err != nil {
			return err
		}
		switch op.Operand(0).Type().(type) {
		case IntType, FloatType, NumberType, BoolType:
		default:
			return ir.OpErrorf(op, "operand #0 must be a scalar (!torch.int, !torch.float, !torch.number or !torch.bool), but got '%s'", op.Operand(0).Type())
		}
		vt, ok := op.Result(0).Type().(VTensorType)
		if !ok || (vt.HasSizes && len(vt.Sizes) != 0) {
			return ir.OpErrorf(op, "result #0 must be a rank-0 !torch.vtensor, but got '%s'", op.Result(0).Type())
		}
		return nil
	},
	Print: printDefault,
	Parse: func(p ir.Parser, st *ir.OperationState) error { return parseDefault(p, st, 1) },
}
