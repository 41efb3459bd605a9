package fn

import (
	"github.com/torchlower/torchlower/ir"
)

// Op names.
const (
	Func         = "func.func"
	Return       = "func.return"
	CallOp       = "func.call"
	CallIndirect = "func.call_indirect"
	ConstantOp   = "func.constant"
)

// Dialect is the func dialect.
var Dialect = &ir.Dialect{
	Name: "func",
	Ops:  []*ir.OpDef{funcDef, returnDef, callDef, callIndirectDef, constantDef},
}

// Attribute names used by func.func, as upstream stores them.
const (
	attrSymName    = "sym_name"
	attrFnType     = "function_type"
	attrArgAttrs   = "arg_attrs"
	attrResAttrs   = "res_attrs"
	attrVisibility = "sym_visibility"
)

var funcDef = &ir.OpDef{
	Name:           Func,
	Summary:        "a function with a name, a signature and a body",
	Traits:         ir.IsolatedFromAbove | ir.Symbol,
	Verify:         verifyFunc,
	Print:          printFunc,
	Parse:          parseFunc,
	DefaultDialect: "func",
}

var returnDef = &ir.OpDef{
	Name:    Return,
	Summary: "returns values from a func.func",
	Traits:  ir.Pure | ir.Terminator | ir.ReturnLike,
	Verify:  verifyReturn,
	Print: func(p *ir.Printer, op *ir.Operation) {
		p.AttrDict(op.Attrs())
		if op.NumOperands() > 0 {
			p.Print(" ")
			p.Operands(op.Operands())
			p.Print(" : ")
			p.Types(op.OperandTypes())
		}
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		ops, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		if len(ops) == 0 {
			return nil
		}
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		st.Operands, err = p.ResolveOperands(ops, ts)
		return err
	},
}

var callDef = &ir.OpDef{
	Name:    CallOp,
	Summary: "a direct call of a function by symbol",
	Verify:  verifyCall,
	Print: func(p *ir.Printer, op *ir.Operation) {
		p.Print(" ")
		p.Attr(op.Attr("callee"))
		p.Print("(")
		p.Operands(op.Operands())
		p.Print(")")
		p.AttrDict(op.Attrs(), "callee")
		p.Print(" : ")
		p.FunctionalType(op)
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		pos := p.Pos()
		callee, err := p.ParseAttribute()
		if err != nil {
			return err
		}
		if ref, ok := callee.(ir.SymbolRefAttr); !ok || len(ref.Nested) > 0 {
			return p.ErrorfAt(pos, "invalid kind of attribute specified")
		}
		st.AddAttr("callee", callee)
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
		return parseFunctionalOperands(p, st, ops)
	},
}

// parseFunctionalOperands reads `: (inputs) -> results` and resolves ops
// against the inputs.
func parseFunctionalOperands(p ir.Parser, st *ir.OperationState, ops []ir.UnresolvedOperand) error {
	if err := p.ExpectPunct(":"); err != nil {
		return err
	}
	pos := p.Pos()
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(ir.FunctionType)
	if !ok {
		return p.ErrorfAt(pos, "expected function type")
	}
	if st.Operands, err = p.ResolveOperands(ops, ft.Inputs); err != nil {
		return err
	}
	st.ResultTypes = ft.Results
	return nil
}

var callIndirectDef = &ir.OpDef{
	Name:    CallIndirect,
	Summary: "a call of a function value",
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() < 1 {
			return ir.OpErrorf(op, "expected a callee operand")
		}
		ft, ok := op.Operand(0).Type().(ir.FunctionType)
		if !ok {
			return ir.OpErrorf(op, "operand #0 must be function type, but got '%s'", op.Operand(0).Type())
		}
		if !ir.TypeListEqual(ft.Inputs, op.OperandTypes()[1:]) {
			return ir.OpErrorf(op, "failed to verify that callee input types match argument types")
		}
		if !ir.TypeListEqual(ft.Results, op.ResultTypes()) {
			return ir.OpErrorf(op, "failed to verify that callee result types match result types")
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if op.NumOperands() < 1 {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		p.Print("(")
		p.Operands(op.Operands()[1:])
		p.Print(")")
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Type(op.Operand(0).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		callee, err := p.ParseOperand()
		if err != nil {
			return err
		}
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
		if err := p.ExpectPunct(":"); err != nil {
			return err
		}
		pos := p.Pos()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		ft, ok := t.(ir.FunctionType)
		if !ok {
			return p.ErrorfAt(pos, "expected function type")
		}
		c, err := p.ResolveOperand(callee, ft)
		if err != nil {
			return err
		}
		args, err := p.ResolveOperands(ops, ft.Inputs)
		if err != nil {
			return err
		}
		st.Operands = append([]*ir.Value{c}, args...)
		st.ResultTypes = ft.Results
		return nil
	},
}

var constantDef = &ir.OpDef{
	Name:    ConstantOp,
	Summary: "a function value referring to a func.func by symbol",
	Traits:  ir.Pure | ir.ConstantLike,
	Verify: func(op *ir.Operation) error {
		ref, ok := op.Attr("value").(ir.SymbolRefAttr)
		if !ok {
			return ir.OpErrorf(op, "requires attribute 'value'")
		}
		if op.NumResults() != 1 || op.NumOperands() != 0 {
			return ir.OpErrorf(op, "expects no operands and one result")
		}
		f := LookupFunc(op, ref)
		if f == nil {
			return ir.OpErrorf(op, "reference to undefined function '%s'", ref.Root)
		}
		if !ir.TypeEqual(FunctionType(f), op.Result(0).Type()) {
			return ir.OpErrorf(op, "reference to function with mismatched type")
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		p.AttrDict(op.Attrs(), "value")
		p.Print(" ")
		p.Attr(op.Attr("value"))
		p.Print(" : ")
		p.Types(op.ResultTypes())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		pos := p.Pos()
		v, err := p.ParseAttribute()
		if err != nil {
			return err
		}
		if _, ok := v.(ir.SymbolRefAttr); !ok {
			return p.ErrorfAt(pos, "expected symbol reference attribute")
		}
		st.AddAttr("value", v)
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
	ResultNames: func(*ir.Operation) []string { return []string{"f"} },
}

func verifyReturn(op *ir.Operation) error {
	f := op.ParentOp()
	if f == nil || f.Name != Func {
		return ir.OpErrorf(op, "expects parent op 'func.func'")
	}
	ft := FunctionType(f)
	name := Name(f)
	if op.NumOperands() != len(ft.Results) {
		return ir.OpErrorf(op, "has %d operands, but enclosing function (@%s) returns %d",
			op.NumOperands(), name, len(ft.Results))
	}
	for i, t := range op.OperandTypes() {
		if !ir.TypeEqual(t, ft.Results[i]) {
			return ir.Errorf(op.Loc, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s",
				i, t, ft.Results[i], name)
		}
	}
	return nil
}

func verifyCall(op *ir.Operation) error {
	ref, ok := op.Attr("callee").(ir.SymbolRefAttr)
	if !ok {
		return ir.OpErrorf(op, "requires a 'callee' symbol reference attribute")
	}
	f := LookupFunc(op, ref)
	if f == nil {
		return ir.OpErrorf(op, "'%s' does not reference a valid function", symbolPath(ref))
	}
	ft := FunctionType(f)
	if len(ft.Inputs) != op.NumOperands() {
		return ir.OpErrorf(op, "incorrect number of operands for callee")
	}
	for i, t := range op.OperandTypes() {
		if !ir.TypeEqual(t, ft.Inputs[i]) {
			return ir.OpErrorf(op, "operand type mismatch: expected operand type %s, but provided %s for operand number %d",
				ft.Inputs[i], t, i)
		}
	}
	if len(ft.Results) != op.NumResults() {
		return ir.OpErrorf(op, "incorrect number of results for callee")
	}
	for i, t := range op.ResultTypes() {
		if !ir.TypeEqual(t, ft.Results[i]) {
			return ir.OpErrorf(op, "result type mismatch at index %d", i).
				WithNote(op.Loc, "      op result types: %s", ir.TypeListString(op.ResultTypes())).
				WithNote(op.Loc, "function result types: %s", ir.TypeListString(ft.Results))
		}
	}
	return nil
}

// symbolPath prints a reference the way upstream's diagnostic does: the
// root name, then `::@nested` parts.
func symbolPath(ref ir.SymbolRefAttr) string {
	s := ref.Root
	for _, n := range ref.Nested {
		s += "::@" + n
	}
	return s
}
