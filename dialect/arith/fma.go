package arith

import "github.com/torchlower/torchlower/ir"

// FusedMultiplyAdd reports whether add, an arith.addf, and the
// arith.mulf computing one of its operands may run as one fused
// multiply-add, x·y + addend rounded once, and returns the product and
// its factors and the addend. The `contract` fast-math flag permits the
// fusion; this is the rule every torchlower executor (the CPU's
// interpreter and tile kernels, the GPU kernels) applies where it is
// permitted, so that they agree bit for bit: both ops carry contract
// (or fast), the product has no other use, and the sum, the product and
// the factors are all f32 or all f64. Where both operands qualify the
// first is the product.
func FusedMultiplyAdd(add *ir.Operation) (mul *ir.Operation, x, y, addend *ir.Value, ok bool) {
	if add.Name != "arith.addf" || add.NumOperands() != 2 || add.NumResults() != 1 || FastMath(add)&FastMathContract == 0 {
		return nil, nil, nil, nil, false
	}
	t := add.Result(0).Type()
	if f, isFloat := t.(ir.FloatType); !isFloat || f.Kind != ir.F32 && f.Kind != ir.F64 {
		return nil, nil, nil, nil, false
	}
	for i, v := range add.Operands() {
		p := v.DefiningOp()
		if p == nil || p.Name != "arith.mulf" || p.NumOperands() != 2 || !v.HasOneUse() || FastMath(p)&FastMathContract == 0 {
			continue
		}
		if !ir.TypeEqual(v.Type(), t) || !ir.TypeEqual(p.Operand(0).Type(), t) || !ir.TypeEqual(p.Operand(1).Type(), t) {
			continue
		}
		return p, p.Operand(0), p.Operand(1), add.Operand(1 - i), true
	}
	return nil, nil, nil, nil, false
}

// FusedProduct reports whether mul is the product of a fused
// multiply-add (FusedMultiplyAdd of its one user): it is not computed
// on its own.
func FusedProduct(mul *ir.Operation) bool {
	if mul.Name != "arith.mulf" || mul.NumResults() != 1 || !mul.Result(0).HasOneUse() {
		return false
	}
	p, _, _, _, ok := FusedMultiplyAdd(mul.Result(0).Users()[0])
	return ok && p == mul
}
