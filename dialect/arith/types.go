package arith

import "github.com/torchlower/torchlower/ir"

// typeClass is one of ODS's type constraints on arith operands, with the
// description upstream prints in "must be ..." diagnostics.
type typeClass struct {
	desc string
	ok   func(elem ir.Type) bool
}

var (
	signlessIntLike = typeClass{"signless-integer-like", func(t ir.Type) bool {
		return isSignlessInt(t) || t == ir.Index
	}}
	signlessFixedIntLike = typeClass{"signless-fixed-width-integer-like", isSignlessInt}
	floatLike            = typeClass{"floating-point-like", ir.IsFloat}
	boolLike             = typeClass{"bool-like", func(t ir.Type) bool {
		it, ok := t.(ir.IntegerType)
		return ok && it.Width == 1 && it.Signedness == ir.Signless
	}}
	intOrFloatLike = typeClass{"signless-integer-or-float-like", func(t ir.Type) bool {
		return isSignlessInt(t) || ir.IsFloat(t)
	}}
	anyLike = typeClass{"any type", func(ir.Type) bool { return true }}
)

func isSignlessInt(t ir.Type) bool {
	it, ok := t.(ir.IntegerType)
	return ok && it.Signedness == ir.Signless
}

// holds reports whether t (a scalar or a tensor of scalars) satisfies c.
func (c typeClass) holds(t ir.Type) bool {
	if t == nil {
		return false
	}
	switch t.(type) {
	case ir.FunctionType, ir.OpaqueType:
		return c.desc == anyLike.desc
	}
	e := ir.ElementType(t)
	if ir.IsTensor(e) {
		return false
	}
	return c.ok(e)
}

func checkOperand(op *ir.Operation, i int, c typeClass) error {
	if t := op.Operand(i).Type(); !c.holds(t) {
		return ir.OpErrorf(op, "operand #%d must be %s, but got '%s'", i, c.desc, t)
	}
	return nil
}

func checkResult(op *ir.Operation, i int, c typeClass) error {
	if t := op.Result(i).Type(); !c.holds(t) {
		return ir.OpErrorf(op, "result #%d must be %s, but got '%s'", i, c.desc, t)
	}
	return nil
}

// checkCounts guards verifiers against malformed generic ops.
func checkCounts(op *ir.Operation, operands, results int) error {
	if op.NumOperands() != operands {
		return ir.OpErrorf(op, "expected %d operands, but found %d", operands, op.NumOperands())
	}
	if op.NumResults() != results {
		return ir.OpErrorf(op, "requires %d results, but found %d", results, op.NumResults())
	}
	if op.NumRegions() != 0 {
		return ir.OpErrorf(op, "requires zero regions")
	}
	return nil
}

// sameShape reports whether a and b are both scalars or tensors of one shape.
func sameShape(a, b ir.Type) bool {
	ra, aRanked := a.(ir.RankedTensorType)
	rb, bRanked := b.(ir.RankedTensorType)
	if aRanked && bRanked {
		if len(ra.Shape) != len(rb.Shape) {
			return false
		}
		for i := range ra.Shape {
			if ra.Shape[i] != rb.Shape[i] && ra.Shape[i] != ir.Dynamic && rb.Shape[i] != ir.Dynamic {
				return false
			}
		}
		return true
	}
	return ir.IsTensor(a) == ir.IsTensor(b)
}

// withElement returns t with its element type replaced by e (e for scalars).
func withElement(t, e ir.Type) ir.Type {
	switch x := t.(type) {
	case ir.RankedTensorType:
		return ir.RankedTensorType{Shape: x.Shape, Elem: e, Encoding: x.Encoding}
	case ir.UnrankedTensorType:
		return ir.UnrankedTensorType{Elem: e}
	}
	return e
}

// bitWidth is the width of an int or float element; index is 64.
func bitWidth(t ir.Type) int {
	if ft, ok := t.(ir.FloatType); ok {
		return ft.Bits()
	}
	return ir.IntWidth(t)
}
