package arith

import (
	"strconv"

	"github.com/torchlower/torchlower/ir"
)

// Custom forms, each written exactly as upstream's assembly format:
//
//	binary:   %a, %b [fastmath<...>] {attrs} : t
//	unary:    %a [fastmath<...>] {attrs} : t
//	cast:     %a {attrs} : t1 to t2
//	compare:  pred, %a, %b {attrs} : t
//	select:   %c, %a, %b {attrs} : [tc, ] t
//	constant: {attrs} value

// PrintSameTyped writes `%a, %b [fastmath<...>] {attrs} : t`, the form of
// arith and math elementwise ops.
func PrintSameTyped(p *ir.Printer, op *ir.Operation) {
	p.Print(" ")
	p.Operands(op.Operands())
	PrintOptionalFastMath(p, op)
	p.AttrDict(op.Attrs(), "fastmath")
	p.Print(" : ")
	if op.NumResults() > 0 {
		p.Type(op.Result(0).Type())
	}
}

// ParseSameTyped reads `%a, %b, ... [fastmath<...>] {attrs} : t` with n
// operands, all of type t, and one result of type t.
func ParseSameTyped(n int, fastmath bool) func(p ir.Parser, st *ir.OperationState) error {
	return func(p ir.Parser, st *ir.OperationState) error {
		ops, err := ParseOperands(p, n)
		if err != nil {
			return err
		}
		if fastmath {
			if err := ParseOptionalFastMath(p, st); err != nil {
				return err
			}
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		ts := make([]ir.Type, n)
		for i := range ts {
			ts[i] = t
		}
		if st.Operands, err = p.ResolveOperands(ops, ts); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	}
}

// ParseOperands reads exactly n comma-separated operands.
func ParseOperands(p ir.Parser, n int) ([]ir.UnresolvedOperand, error) {
	ops := make([]ir.UnresolvedOperand, n)
	for i := range ops {
		if i > 0 {
			if err := p.ExpectPunct(","); err != nil {
				return nil, err
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		ops[i] = u
	}
	return ops, nil
}

// PrintCast writes a cast's custom form, `%x attr-dict : t to u`, which
// arith's casts share with other dialects' (torch.derefine).
func PrintCast(p *ir.Printer, op *ir.Operation) {
	p.Print(" ")
	p.Operands(op.Operands())
	p.AttrDict(op.Attrs())
	p.Print(" : ")
	p.Types(op.OperandTypes())
	p.Print(" to ")
	p.Types(op.ResultTypes())
}

// ParseCast reads what PrintCast writes.
func ParseCast(p ir.Parser, st *ir.OperationState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	in, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ExpectKeyword("to"); err != nil {
		return err
	}
	out, err := p.ParseType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, in)
	if err != nil {
		return err
	}
	st.Operands = []*ir.Value{v}
	st.ResultTypes = []ir.Type{out}
	return nil
}

// printCompare writes `pred, %a, %b {attrs} : t`.
func printCompare(names []string) func(p *ir.Printer, op *ir.Operation) {
	return func(p *ir.Printer, op *ir.Operation) {
		p.Print(" ")
		pred, ok := op.Attr("predicate").(ir.IntegerAttr)
		if ok && pred.Value >= 0 && pred.Value < int64(len(names)) {
			p.Print(names[pred.Value])
		} else {
			p.Attr(op.Attr("predicate"))
		}
		p.Print(", ")
		p.Operands(op.Operands())
		p.AttrDict(op.Attrs(), "predicate")
		p.Print(" : ")
		if op.NumOperands() > 0 {
			p.Type(op.Operand(0).Type())
		}
	}
}

func parseCompare(names []string) func(p ir.Parser, st *ir.OperationState) error {
	return func(p ir.Parser, st *ir.OperationState) error {
		pos := p.Pos()
		kw := p.PeekKeyword()
		if kw != "" {
			p.ParseKeyword()
		} else if s, ok, err := p.ParseOptionalString(); err != nil {
			return err
		} else if ok {
			kw = s
		}
		pred := -1
		for i, n := range names {
			if n == kw {
				pred = i
			}
		}
		if pred < 0 {
			return p.ErrorfAt(pos, "expected string or keyword containing one of the following enum values for attribute 'predicate' [%s]",
				joinNames(names))
		}
		st.AddAttr("predicate", ir.I64Attr(int64(pred)))
		if err := p.ExpectPunct(","); err != nil {
			return err
		}
		ops, err := ParseOperands(p, 2)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if st.Operands, err = p.ResolveOperands(ops, []ir.Type{t, t}); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{withElement(t, ir.I1)}
		return nil
	}
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

func printSelect(p *ir.Printer, op *ir.Operation) {
	p.Print(" ")
	p.Operands(op.Operands())
	p.AttrDict(op.Attrs())
	p.Print(" : ")
	if op.NumOperands() > 0 && ir.IsTensor(op.Operand(0).Type()) {
		p.Type(op.Operand(0).Type())
		p.Print(", ")
	}
	if op.NumResults() > 0 {
		p.Type(op.Result(0).Type())
	}
}

func parseSelect(p ir.Parser, st *ir.OperationState) error {
	ops, err := ParseOperands(p, 3)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	var cond, t ir.Type
	switch len(ts) {
	case 1:
		cond, t = ir.I1, ts[0]
	case 2:
		cond, t = ts[0], ts[1]
	default:
		return p.Errorf("expected type with valid i1 shape")
	}
	if st.Operands, err = p.ResolveOperands(ops, []ir.Type{cond, t, t}); err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{t}
	return nil
}

// printExtended writes `%a, %b {attrs} : t[, t2]` for the two-result
// extended arithmetic ops; withSecond prints the second result type.
func printExtended(withSecond bool) func(p *ir.Printer, op *ir.Operation) {
	return func(p *ir.Printer, op *ir.Operation) {
		p.Print(" ")
		p.Operands(op.Operands())
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		ts := op.ResultTypes()
		if len(ts) > 0 {
			p.Type(ts[0])
		}
		if withSecond && len(ts) > 1 {
			p.Print(", ")
			p.Type(ts[1])
		}
	}
}

func parseExtended(withSecond bool) func(p ir.Parser, st *ir.OperationState) error {
	return func(p ir.Parser, st *ir.OperationState) error {
		ops, err := ParseOperands(p, 2)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		second := t
		if withSecond {
			if err := p.ExpectPunct(","); err != nil {
				return err
			}
			if second, err = p.ParseType(); err != nil {
				return err
			}
		}
		if st.Operands, err = p.ResolveOperands(ops, []ir.Type{t, t}); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t, second}
		return nil
	}
}

func printConstant(p *ir.Printer, op *ir.Operation) {
	p.AttrDict(op.Attrs(), "value")
	p.Print(" ")
	p.Attr(op.Attr("value"))
}

func parseConstant(p ir.Parser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	pos := p.Pos()
	v, err := p.ParseAttribute()
	if err != nil {
		return err
	}
	t := AttrType(v)
	if t == nil {
		return p.ErrorfAt(pos, "expected a typed attribute (integer, float or dense elements) for arith.constant")
	}
	st.AddAttr("value", v)
	st.ResultTypes = []ir.Type{t}
	return nil
}

// AttrType returns the type of a typed attribute, or nil (see
// ir.TypeOfAttr).
func AttrType(a ir.Attribute) ir.Type { return ir.TypeOfAttr(a) }

// constantNames gives upstream's SSA names: `true`/`false` for i1,
// `c<value>` for index, `c<value>_<type>` for other integers, `cst` else.
func constantNames(op *ir.Operation) []string {
	switch v := op.Attr("value").(type) {
	case ir.BoolAttr:
		if v {
			return []string{"true"}
		}
		return []string{"false"}
	case ir.IntegerAttr:
		it, isInt := v.Type.(ir.IntegerType)
		if isInt && it.Width == 1 {
			if v.Value != 0 {
				return []string{"true"}
			}
			return []string{"false"}
		}
		name := "c" + strconv.FormatInt(v.Value, 10)
		if isInt {
			name += "_" + it.String()
		}
		return []string{name}
	}
	return []string{"cst"}
}
