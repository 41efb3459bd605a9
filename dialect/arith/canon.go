package arith

import "github.com/torchlower/torchlower/ir"

// canonicalizations are upstream's simplest arith patterns: reassociating
// constants of chained adds/subs/muls so that the constants fold.
var canonicalizations = map[string][]*ir.Pattern{
	AddI: {
		{Name: "addi-addi-constant", Root: AddI, Rewrite: chainConst(AddI, AddI, AddI, 1)},
		{Name: "addi-subi-constant", Root: AddI, Rewrite: chainConst(AddI, SubI, AddI, -1)},
	},
	SubI: {
		{Name: "subi-addi-constant", Root: SubI, Rewrite: chainConst(SubI, AddI, AddI, -1)},
	},
	MulI: {
		{Name: "muli-muli-constant", Root: MulI, Rewrite: chainConst(MulI, MulI, MulI, 0)},
	},
}

// chainConst rewrites outer(inner(x, c0), c1) into result(x, c0 ∘ c1):
//
//	sign  1: addi(addi(x, c0), c1) → addi(x, c0 + c1)
//	sign -1: addi(subi(x, c0), c1) → addi(x, c1 - c0)
//	         subi(addi(x, c0), c1) → addi(x, c0 - c1)
//	sign  0: muli(muli(x, c0), c1) → muli(x, c0 * c1)
//
// The combined constant is built with the folder, so wrap-around matches.
func chainConst(outer, inner, result string, sign int) func(op *ir.Operation, rw *ir.Rewriter) bool {
	return func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return false
		}
		c1 := constOf(op.Operand(1))
		def := op.Operand(0).DefiningOp()
		if c1 == nil || def == nil || def.Name != inner || def.NumOperands() != 2 {
			return false
		}
		c0 := constOf(def.Operand(1))
		if c0 == nil {
			return false
		}
		t := op.Result(0).Type()
		var combined ir.Attribute
		switch {
		case sign == 0:
			combined = evalBinary(MulI, t, c0, c1)
		case sign == 1:
			combined = evalBinary(AddI, t, c0, c1)
		case outer == AddI: // addi(subi(x, c0), c1)
			combined = evalBinary(SubI, t, c1, c0)
		default: // subi(addi(x, c0), c1)
			combined = evalBinary(SubI, t, c0, c1)
		}
		if combined == nil {
			return false
		}
		rw.SetInsertionPointBefore(op)
		c := rw.Create(ConstantOp, op.Loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: combined}}, 0)
		n := rw.Create(result, op.Loc, []*ir.Value{def.Operand(0), c.Result(0)}, []ir.Type{t}, nil, 0)
		rw.ReplaceOp(op, []*ir.Value{n.Result(0)})
		return true
	}
}

// selectOfBools rewrites select(%c, false, true) on i1 into xori(%c, true);
// select(%c, true, false) is folded to %c already.
func selectOfBools(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.NumOperands() != 3 || op.NumResults() != 1 {
		return false
	}
	t := op.Result(0).Type()
	if !ir.TypeEqual(t, ir.I1) || !ir.TypeEqual(op.Operand(0).Type(), ir.I1) {
		return false
	}
	a, ok1 := splatInt(constOf(op.Operand(1)))
	b, ok2 := splatInt(constOf(op.Operand(2)))
	if !ok1 || !ok2 || a != 0 || b == 0 {
		return false
	}
	rw.SetInsertionPointBefore(op)
	c := rw.Create(ConstantOp, op.Loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: ir.BoolAttr(true)}}, 0)
	x := rw.Create(XOrI, op.Loc, []*ir.Value{op.Operand(0), c.Result(0)}, []ir.Type{t}, nil, 0)
	rw.ReplaceOp(op, []*ir.Value{x.Result(0)})
	return true
}
