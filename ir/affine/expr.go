// Package affine implements MLIR affine expressions and affine maps as
// immutable Go values.
//
// The package mirrors the behaviour of MLIR 16 closely, because textual IR
// produced by this toolchain must round-trip through mlir-opt unchanged:
// expressions are simplified on construction exactly the way MLIR's
// AffineExpr operators simplify them, String prints them exactly the way
// MLIR's AsmPrinter does, and Parse accepts the body of an `affine_map<...>`
// attribute with MLIR's grammar, legality rules and diagnostics.
//
// Expressions are trees of small comparable values, so two expressions can
// be compared with == (or Equal) and used as map keys; structural equality
// is the same as MLIR's uniqued-pointer equality because both are built by
// the same deterministic constructors.
package affine

import "fmt"

// ExprKind identifies the kind of an affine expression node. The order
// follows MLIR's AffineExprKind so that code ported from MLIR keeps its
// meaning.
type ExprKind uint8

const (
	// KindAdd is the sum of two expressions (subtraction is an addition of
	// a product with -1).
	KindAdd ExprKind = iota
	// KindMul is a product; at least one side is symbolic or constant in a
	// well-formed affine expression.
	KindMul
	// KindMod is the non-negative remainder of a division by a positive
	// right-hand side.
	KindMod
	// KindFloorDiv is a division rounding towards negative infinity.
	KindFloorDiv
	// KindCeilDiv is a division rounding towards positive infinity.
	KindCeilDiv
	// KindConst is an integer constant.
	KindConst
	// KindDim is a dimension identifier (d0, d1, ...).
	KindDim
	// KindSymbol is a symbol identifier (s0, s1, ...).
	KindSymbol
)

// String returns a short name of the kind, useful in diagnostics and tests.
func (k ExprKind) String() string {
	switch k {
	case KindAdd:
		return "add"
	case KindMul:
		return "mul"
	case KindMod:
		return "mod"
	case KindFloorDiv:
		return "floordiv"
	case KindCeilDiv:
		return "ceildiv"
	case KindConst:
		return "constant"
	case KindDim:
		return "dim"
	case KindSymbol:
		return "symbol"
	}
	return fmt.Sprintf("ExprKind(%d)", uint8(k))
}

// IsBinary reports whether nodes of this kind have two operands.
func (k ExprKind) IsBinary() bool { return k <= KindCeilDiv }

// Expr is an immutable affine expression. The only implementations are the
// ones in this package; build them with Dim, Sym, Const and the operator
// constructors (Add, Mul, ...), which simplify like MLIR does.
//
// Expr values are comparable: a == b holds exactly when the two trees are
// structurally identical.
type Expr interface {
	// Kind returns the node kind.
	Kind() ExprKind
	// String prints the expression exactly like MLIR 16 does.
	String() string
	// AsDim returns the position of a dimension expression.
	AsDim() (int, bool)
	// AsSymbol returns the position of a symbol expression.
	AsSymbol() (int, bool)
	// AsConst returns the value of a constant expression.
	AsConst() (int64, bool)
	// LHS returns the left operand of a binary expression, or nil for a
	// leaf.
	LHS() Expr
	// RHS returns the right operand of a binary expression, or nil for a
	// leaf.
	RHS() Expr

	// isExpr seals the interface: the simplification invariants only hold
	// for nodes built by this package.
	isExpr()
}

type dimExpr struct{ pos int }

type symExpr struct{ pos int }

type constExpr struct{ val int64 }

type binExpr struct {
	kind     ExprKind
	lhs, rhs Expr
}

// Dim returns the dimension expression d<pos>. A negative position is a
// programming error and panics.
func Dim(pos int) Expr {
	if pos < 0 {
		panic(fmt.Sprintf("affine.Dim: negative position %d", pos))
	}
	return dimExpr{pos}
}

// Sym returns the symbol expression s<pos>. A negative position is a
// programming error and panics.
func Sym(pos int) Expr {
	if pos < 0 {
		panic(fmt.Sprintf("affine.Sym: negative position %d", pos))
	}
	return symExpr{pos}
}

// Const returns the constant expression c.
func Const(c int64) Expr { return constExpr{c} }

func (dimExpr) Kind() ExprKind   { return KindDim }
func (symExpr) Kind() ExprKind   { return KindSymbol }
func (constExpr) Kind() ExprKind { return KindConst }
func (e binExpr) Kind() ExprKind { return e.kind }

func (e dimExpr) AsDim() (int, bool)    { return e.pos, true }
func (symExpr) AsDim() (int, bool)      { return 0, false }
func (constExpr) AsDim() (int, bool)    { return 0, false }
func (binExpr) AsDim() (int, bool)      { return 0, false }
func (dimExpr) AsSymbol() (int, bool)   { return 0, false }
func (e symExpr) AsSymbol() (int, bool) { return e.pos, true }
func (constExpr) AsSymbol() (int, bool) { return 0, false }
func (binExpr) AsSymbol() (int, bool)   { return 0, false }

func (dimExpr) AsConst() (int64, bool)     { return 0, false }
func (symExpr) AsConst() (int64, bool)     { return 0, false }
func (e constExpr) AsConst() (int64, bool) { return e.val, true }
func (binExpr) AsConst() (int64, bool)     { return 0, false }

func (dimExpr) LHS() Expr   { return nil }
func (symExpr) LHS() Expr   { return nil }
func (constExpr) LHS() Expr { return nil }
func (e binExpr) LHS() Expr { return e.lhs }
func (dimExpr) RHS() Expr   { return nil }
func (symExpr) RHS() Expr   { return nil }
func (constExpr) RHS() Expr { return nil }
func (e binExpr) RHS() Expr { return e.rhs }

func (dimExpr) isExpr()   {}
func (symExpr) isExpr()   {}
func (constExpr) isExpr() {}
func (binExpr) isExpr()   {}

// Equal reports whether a and b are structurally identical. Two nil
// expressions are equal.
func Equal(a, b Expr) bool { return a == b }

// isConst reports whether e is a constant with value v.
func isConst(e Expr, v int64) bool {
	c, ok := e.AsConst()
	return ok && c == v
}

// asBin returns e as a binary node of the given kind.
func asBin(e Expr, kind ExprKind) (binExpr, bool) {
	b, ok := e.(binExpr)
	return b, ok && b.kind == kind
}

// IsSymbolicOrConstant reports whether e contains no dimension identifiers.
// Such expressions may appear on the right of *, floordiv, ceildiv and mod.
func IsSymbolicOrConstant(e Expr) bool {
	switch e := e.(type) {
	case dimExpr:
		return false
	case binExpr:
		return IsSymbolicOrConstant(e.lhs) && IsSymbolicOrConstant(e.rhs)
	}
	return true
}

// IsPureAffine reports whether e is affine in the strict sense: products,
// divisions and remainders only ever involve a constant factor or divisor.
// Expressions that multiply or divide by symbols are semi-affine.
func IsPureAffine(e Expr) bool {
	b, ok := e.(binExpr)
	if !ok {
		return true
	}
	switch b.kind {
	case KindAdd:
		return IsPureAffine(b.lhs) && IsPureAffine(b.rhs)
	case KindMul:
		_, lc := b.lhs.AsConst()
		_, rc := b.rhs.AsConst()
		return IsPureAffine(b.lhs) && IsPureAffine(b.rhs) && (lc || rc)
	default:
		_, rc := b.rhs.AsConst()
		return IsPureAffine(b.lhs) && rc
	}
}

// LargestKnownDivisor returns the greatest integer known to divide every
// value of e; it drives MLIR's floordiv and mod folding, so it follows
// MLIR's (deliberately shallow) rules.
func LargestKnownDivisor(e Expr) int64 {
	switch e := e.(type) {
	case constExpr:
		return abs64(e.val)
	case binExpr:
		switch e.kind {
		case KindMul:
			return LargestKnownDivisor(e.lhs) * LargestKnownDivisor(e.rhs)
		case KindAdd, KindMod:
			return int64(gcd64(uint64(LargestKnownDivisor(e.lhs)), uint64(LargestKnownDivisor(e.rhs))))
		case KindFloorDiv, KindCeilDiv:
			// A constant divisor that divides the known divisor of the
			// dividend leaves the quotient as a known divisor. As in MLIR
			// 16 the quotient keeps the sign of a negative divisor.
			if c, ok := e.rhs.AsConst(); ok && c != 0 {
				if l := LargestKnownDivisor(e.lhs); l%c == 0 {
					return l / c
				}
			}
		}
	}
	return 1
}

// IsFunctionOfDim reports whether dimension pos occurs in e.
func IsFunctionOfDim(e Expr, pos int) bool {
	found := false
	Walk(e, func(x Expr) {
		if p, ok := x.AsDim(); ok && p == pos {
			found = true
		}
	})
	return found
}

// IsFunctionOfSymbol reports whether symbol pos occurs in e.
func IsFunctionOfSymbol(e Expr, pos int) bool {
	found := false
	Walk(e, func(x Expr) {
		if p, ok := x.AsSymbol(); ok && p == pos {
			found = true
		}
	})
	return found
}

// Walk calls fn on every node of e in post order (operands before the node
// that uses them), matching MLIR's AffineExpr::walk.
func Walk(e Expr, fn func(Expr)) {
	if b, ok := e.(binExpr); ok {
		Walk(b.lhs, fn)
		Walk(b.rhs, fn)
	}
	fn(e)
}

// ReplaceDimsAndSymbols substitutes dims[i] for d<i> and syms[i] for s<i>
// and rebuilds the tree through the simplifying constructors, like MLIR's
// AffineExpr::replaceDimsAndSymbols. Identifiers without a replacement
// (position beyond the slice) are kept.
func ReplaceDimsAndSymbols(e Expr, dims, syms []Expr) Expr {
	switch x := e.(type) {
	case dimExpr:
		if x.pos < len(dims) {
			return dims[x.pos]
		}
	case symExpr:
		if x.pos < len(syms) {
			return syms[x.pos]
		}
	case binExpr:
		l := ReplaceDimsAndSymbols(x.lhs, dims, syms)
		r := ReplaceDimsAndSymbols(x.rhs, dims, syms)
		if l == x.lhs && r == x.rhs {
			return e
		}
		return BinaryOp(x.kind, l, r)
	}
	return e
}

// ShiftDims renumbers d<offset>...d<numDims-1> to d<offset+shift>...,
// leaving lower dimensions alone; it is used to make room for new
// dimensions when maps are concatenated or composed.
func ShiftDims(e Expr, numDims, shift, offset int) Expr {
	dims := make([]Expr, numDims)
	for i := range dims {
		if i < offset {
			dims[i] = Dim(i)
		} else {
			dims[i] = Dim(i + shift)
		}
	}
	return ReplaceDimsAndSymbols(e, dims, nil)
}

// ShiftSymbols is the symbol counterpart of ShiftDims.
func ShiftSymbols(e Expr, numSymbols, shift, offset int) Expr {
	syms := make([]Expr, numSymbols)
	for i := range syms {
		if i < offset {
			syms[i] = Sym(i)
		} else {
			syms[i] = Sym(i + shift)
		}
	}
	return ReplaceDimsAndSymbols(e, nil, syms)
}

// maxPositions returns one more than the largest dimension and symbol
// positions used in e, i.e. the minimal dimension and symbol counts of a map
// that can hold e.
func maxPositions(e Expr) (numDims, numSyms int) {
	Walk(e, func(x Expr) {
		if p, ok := x.AsDim(); ok && p >= numDims {
			numDims = p + 1
		}
		if p, ok := x.AsSymbol(); ok && p >= numSyms {
			numSyms = p + 1
		}
	})
	return numDims, numSyms
}
