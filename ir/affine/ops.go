package affine

import "fmt"

// This file holds the operator constructors. Each one first tries the local
// simplifications MLIR 16 applies in its AffineExpr operators (simplifyAdd,
// simplifyMul, ...) and only builds a new node when none applies. Matching
// those rules exactly matters: MLIR re-simplifies whatever it parses, so a
// tree that differs from MLIR's would print differently after a round trip.

// BinaryOp builds lhs <kind> rhs through the matching simplifying
// constructor. Passing a non-binary kind is a programming error and panics.
func BinaryOp(kind ExprKind, lhs, rhs Expr) Expr {
	switch kind {
	case KindAdd:
		return Add(lhs, rhs)
	case KindMul:
		return Mul(lhs, rhs)
	case KindFloorDiv:
		return FloorDiv(lhs, rhs)
	case KindCeilDiv:
		return CeilDiv(lhs, rhs)
	case KindMod:
		return Mod(lhs, rhs)
	}
	panic(fmt.Sprintf("affine.BinaryOp: %v is not a binary kind", kind))
}

// Add returns lhs + rhs.
func Add(lhs, rhs Expr) Expr {
	if e := simplifyAdd(lhs, rhs); e != nil {
		return e
	}
	return binExpr{KindAdd, lhs, rhs}
}

// Sub returns lhs - rhs, represented like MLIR as lhs + rhs * -1.
func Sub(lhs, rhs Expr) Expr { return Add(lhs, Neg(rhs)) }

// Neg returns -e, represented like MLIR as e * -1.
func Neg(e Expr) Expr { return Mul(e, Const(-1)) }

// Mul returns lhs * rhs.
//
// MLIR requires one side to be symbolic or constant and asserts otherwise.
// Here such a product (e.g. d0 * d1) is built without simplification
// instead of panicking; it is not affine (IsPureAffine and Map.Validate
// flag it) and Parse never produces it.
func Mul(lhs, rhs Expr) Expr {
	if e := simplifyMul(lhs, rhs); e != nil {
		return e
	}
	return binExpr{KindMul, lhs, rhs}
}

// FloorDiv returns lhs floordiv rhs (division rounding towards -inf).
func FloorDiv(lhs, rhs Expr) Expr {
	if e := simplifyFloorDiv(lhs, rhs); e != nil {
		return e
	}
	return binExpr{KindFloorDiv, lhs, rhs}
}

// CeilDiv returns lhs ceildiv rhs (division rounding towards +inf).
func CeilDiv(lhs, rhs Expr) Expr {
	if e := simplifyCeilDiv(lhs, rhs); e != nil {
		return e
	}
	return binExpr{KindCeilDiv, lhs, rhs}
}

// Mod returns lhs mod rhs (the remainder is non-negative for a positive
// divisor).
func Mod(lhs, rhs Expr) Expr {
	if e := simplifyMod(lhs, rhs); e != nil {
		return e
	}
	return binExpr{KindMod, lhs, rhs}
}

// simplifyAdd ports MLIR's simplifyAdd; nil means "no simplification".
func simplifyAdd(lhs, rhs Expr) Expr {
	lc, lIsConst := lhs.AsConst()
	rc, rIsConst := rhs.AsConst()
	if lIsConst && rIsConst {
		return Const(lc + rc)
	}
	// Canonicalize so that only the RHS is a constant (4 + d0 becomes
	// d0 + 4), and a lone symbolic operand goes to the right.
	if lIsConst || (IsSymbolicOrConstant(lhs) && !IsSymbolicOrConstant(rhs)) {
		return Add(rhs, lhs)
	}
	if rIsConst && rc == 0 {
		return lhs
	}
	// Fold (d0 + 2) + 3 into d0 + 5.
	lAdd, lIsAdd := asBin(lhs, KindAdd)
	if lIsAdd && rIsConst {
		if c, ok := lAdd.rhs.AsConst(); ok {
			return Add(lAdd.lhs, Const(c+rc))
		}
	}
	// Detect c1 * e + c2 * e (either factor may be an implicit 1) as
	// (c1 + c2) * e.
	c1, first := int64(1), lhs
	if m, ok := asBin(lhs, KindMul); ok {
		if c, ok := m.rhs.AsConst(); ok {
			c1, first = c, m.lhs
		}
	}
	c2, second := int64(1), rhs
	if m, ok := asBin(rhs, KindMul); ok {
		if c, ok := m.rhs.AsConst(); ok {
			c2, second = c, m.lhs
		}
	}
	if first == second {
		return Mul(first, Const(c1+c2))
	}
	// Bring constants to the right: (d0 + 2) + d1 becomes (d0 + d1) + 2.
	if lIsAdd {
		if _, ok := lAdd.rhs.AsConst(); ok {
			return Add(Add(lAdd.lhs, rhs), lAdd.rhs)
		}
	}
	// Detect e - (e floordiv q) * q as e mod q.
	rBin, ok := rhs.(binExpr)
	if !ok {
		return nil
	}
	lrhs, rrhs := rBin.lhs, rBin.rhs
	if isConst(rrhs, -1) {
		if m, ok := asBin(lrhs, KindMul); ok {
			fd, ok := asBin(m.lhs, KindFloorDiv)
			if !ok {
				return nil
			}
			if fd.rhs == m.rhs && lhs == fd.lhs {
				return Mod(lhs, m.rhs)
			}
		}
	}
	fd, ok := asBin(lrhs, KindFloorDiv)
	if !ok {
		return nil
	}
	if lhs == fd.lhs && fd.rhs == Neg(rrhs) {
		return Mod(lhs, fd.rhs)
	}
	return nil
}

// simplifyMul ports MLIR's simplifyMul; nil means "no simplification".
func simplifyMul(lhs, rhs Expr) Expr {
	lc, lIsConst := lhs.AsConst()
	rc, rIsConst := rhs.AsConst()
	if lIsConst && rIsConst {
		return Const(lc * rc)
	}
	if !IsSymbolicOrConstant(lhs) && !IsSymbolicOrConstant(rhs) {
		// Not affine; MLIR asserts here. Leave the product alone.
		return nil
	}
	// Canonicalize so that the constant or symbolic factor is on the right.
	if !IsSymbolicOrConstant(rhs) || lIsConst {
		return Mul(rhs, lhs)
	}
	if rIsConst {
		if rc == 1 {
			return lhs
		}
		if rc == 0 {
			return rhs
		}
	}
	if lMul, ok := asBin(lhs, KindMul); ok {
		if c, ok := lMul.rhs.AsConst(); ok {
			// Fold (d0 * 2) * 3 into d0 * 6.
			if rIsConst {
				return Mul(lMul.lhs, Const(c*rc))
			}
			// Bring constants to the right: (d0 * 2) * s0 becomes
			// (d0 * s0) * 2.
			return Mul(Mul(lMul.lhs, rhs), lMul.rhs)
		}
	}
	return nil
}

// simplifyFloorDiv ports MLIR's simplifyFloorDiv. Division by zero or by a
// negative constant is left alone because MLIR treats it as undefined.
func simplifyFloorDiv(lhs, rhs Expr) Expr {
	rc, ok := rhs.AsConst()
	if !ok || rc < 1 {
		return nil
	}
	if lc, ok := lhs.AsConst(); ok {
		return Const(floorDiv(lc, rc))
	}
	if rc == 1 {
		return lhs
	}
	// (e * c) floordiv d with d dividing c is e * (c / d).
	if m, ok := asBin(lhs, KindMul); ok {
		if c, ok := m.rhs.AsConst(); ok && c%rc == 0 {
			return Mul(m.lhs, Const(c/rc))
		}
	}
	// (e1 + e2) floordiv d distributes when either term is a multiple of d.
	if a, ok := asBin(lhs, KindAdd); ok {
		if LargestKnownDivisor(a.lhs)%rc == 0 || LargestKnownDivisor(a.rhs)%rc == 0 {
			return Add(FloorDiv(a.lhs, Const(rc)), FloorDiv(a.rhs, Const(rc)))
		}
	}
	return nil
}

// simplifyCeilDiv ports MLIR's simplifyCeilDiv, which (unlike floordiv)
// does not distribute over sums.
func simplifyCeilDiv(lhs, rhs Expr) Expr {
	rc, ok := rhs.AsConst()
	if !ok || rc < 1 {
		return nil
	}
	if lc, ok := lhs.AsConst(); ok {
		return Const(ceilDiv(lc, rc))
	}
	if rc == 1 {
		return lhs
	}
	if m, ok := asBin(lhs, KindMul); ok {
		if c, ok := m.rhs.AsConst(); ok && c%rc == 0 {
			return Mul(m.lhs, Const(c/rc))
		}
	}
	return nil
}

// simplifyMod ports MLIR's simplifyMod.
func simplifyMod(lhs, rhs Expr) Expr {
	rc, ok := rhs.AsConst()
	if !ok || rc < 1 {
		return nil
	}
	if lc, ok := lhs.AsConst(); ok {
		return Const(mod(lc, rc))
	}
	// A known multiple of the modulus leaves no remainder; this also
	// folds "e mod 1" to 0.
	if LargestKnownDivisor(lhs)%rc == 0 {
		return Const(0)
	}
	if a, ok := asBin(lhs, KindAdd); ok {
		if LargestKnownDivisor(a.lhs)%rc == 0 {
			return Mod(a.rhs, Const(rc))
		}
		if LargestKnownDivisor(a.rhs)%rc == 0 {
			return Mod(a.lhs, Const(rc))
		}
	}
	// (e mod a) mod b is e mod b when b divides a.
	if m, ok := asBin(lhs, KindMod); ok {
		if c, ok := m.rhs.AsConst(); ok && c >= 1 && mod(c, rc) == 0 {
			return Mod(m.lhs, Const(rc))
		}
	}
	return nil
}

// floorDiv is MLIR's floorDiv (rounding towards -inf). Like the C++ code it
// wraps on overflow instead of trapping; rhs must be non-zero.
func floorDiv(lhs, rhs int64) int64 {
	x := int64(1)
	if rhs > 0 {
		x = -1
	}
	if lhs != 0 && (lhs < 0) != (rhs < 0) {
		return -((-lhs + x) / rhs) - 1
	}
	return lhs / rhs
}

// ceilDiv is MLIR's ceilDiv (rounding towards +inf); rhs must be non-zero.
func ceilDiv(lhs, rhs int64) int64 {
	x := int64(-1)
	if rhs > 0 {
		x = 1
	}
	if lhs != 0 && (lhs > 0) == (rhs > 0) {
		return (lhs-x)/rhs + 1
	}
	return -(-lhs / rhs)
}

// mod is MLIR's mod: the remainder with the sign of the (positive) divisor.
func mod(lhs, rhs int64) int64 {
	r := lhs % rhs
	if r < 0 {
		return r + rhs
	}
	return r
}

// abs64 is std::abs on int64; like C++ it maps MinInt64 to itself.
func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// gcd64 is llvm::GreatestCommonDivisor64 (gcd(0, x) == x).
func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
