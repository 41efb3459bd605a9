package affine

import "sort"

// This file ports MLIR 16's simplifyAffineExpr: the expression is flattened
// into a vector of coefficients over [dims, symbols, locals, constant] and
// rebuilt from it. Local variables stand for the floordiv/ceildiv/mod terms
// (and, in semi-affine expressions, products and divisions by symbols) that
// cannot be expressed linearly. Rebuilding through the simplifying
// constructors yields MLIR's canonical term order, which is what
// `mlir-opt --affine-simplify-structures` prints.

// SimplifyExpr simplifies e as an expression over numDims dimensions and
// numSyms symbols, like MLIR's simplifyAffineExpr.
//
// Two deliberate deviations from MLIR 16 keep it total and correct: an
// expression it cannot flatten (an identifier beyond numDims/numSyms, a
// remainder by a non-positive constant, a division of zero by zero, or a
// non-affine product such as d0 * d1) is returned unchanged where MLIR
// asserts or crashes, and semi-affine terms whose ordering keys collide (for
// example d0 * s0 and d0 floordiv s0 in one sum) are all kept, where MLIR 16
// silently replaces one by a copy of the other. Divisions by a negative or
// zero constant are otherwise processed exactly as MLIR 16 does.
func SimplifyExpr(e Expr, numDims, numSyms int) Expr {
	if !IsPureAffine(e) {
		e = simplifySemiAffine(e)
	}
	if !canFlatten(e, numDims, numSyms) {
		return e
	}
	f := flattener{numDims: numDims, numSyms: numSyms}
	f.walk(e)
	if f.failed {
		return e
	}
	flat := f.stack[len(f.stack)-1]
	if IsPureAffine(e) {
		return exprFromFlat(flat, numDims, numSyms, f.locals)
	}
	if e == exprFromFlat(flat, numDims, numSyms, f.locals) {
		return e
	}
	return semiAffineExprFromFlat(flat, numDims, numSyms, f.locals)
}

// canFlatten reports whether the flattener can process e without running
// into the cases MLIR asserts on.
func canFlatten(e Expr, numDims, numSyms int) bool {
	ok := true
	Walk(e, func(x Expr) {
		switch x := x.(type) {
		case dimExpr:
			ok = ok && x.pos < numDims
		case symExpr:
			ok = ok && x.pos < numSyms
		case binExpr:
			if x.kind == KindMul {
				ok = ok && (IsSymbolicOrConstant(x.lhs) || IsSymbolicOrConstant(x.rhs))
			} else if x.kind != KindAdd {
				ok = ok && IsSymbolicOrConstant(x.rhs)
			}
		}
	})
	return ok
}

// flattener is MLIR's SimpleAffineExprFlattener.
type flattener struct {
	numDims, numSyms int
	// stack holds one coefficient vector per pending operand:
	// [dims..., symbols..., locals..., constant].
	stack  [][]int64
	locals []Expr
	// failed is set for inputs on which MLIR would divide by zero.
	failed bool
}

func (f *flattener) numCols() int    { return f.numDims + f.numSyms + len(f.locals) + 1 }
func (f *flattener) localStart() int { return f.numDims + f.numSyms }

func (f *flattener) top() []int64 { return f.stack[len(f.stack)-1] }

func (f *flattener) pop() []int64 {
	v := f.stack[len(f.stack)-1]
	f.stack = f.stack[:len(f.stack)-1]
	return v
}

func (f *flattener) push(col int, v int64) {
	row := make([]int64, f.numCols())
	row[col] = v
	f.stack = append(f.stack, row)
}

func (f *flattener) walk(e Expr) {
	switch x := e.(type) {
	case dimExpr:
		f.push(x.pos, 1)
	case symExpr:
		f.push(f.numDims+x.pos, 1)
	case constExpr:
		f.push(f.numCols()-1, x.val)
	case binExpr:
		f.walk(x.lhs)
		f.walk(x.rhs)
		if f.failed {
			return
		}
		switch x.kind {
		case KindAdd:
			rhs := f.pop()
			lhs := f.top()
			for i := range lhs {
				lhs[i] += rhs[i]
			}
		case KindMul:
			f.visitMul(x)
		case KindMod:
			f.visitMod(x)
		case KindFloorDiv:
			f.visitDiv(x, false)
		case KindCeilDiv:
			f.visitDiv(x, true)
		}
	}
}

// visitMul multiplies by a constant, or turns a semi-affine product into a
// local variable.
func (f *flattener) visitMul(x binExpr) {
	rhs := f.pop()
	lhs := f.top()
	if _, ok := x.rhs.AsConst(); !ok {
		a := f.fromFlat(lhs)
		b := f.fromFlat(rhs)
		f.setToLocal(Mul(a, b))
		return
	}
	c := rhs[len(rhs)-1]
	for i := range lhs {
		lhs[i] *= c
	}
}

// visitMod rewrites e mod c as e - c * (e floordiv c), introducing a local
// for the quotient after cancelling common factors.
func (f *flattener) visitMod(x binExpr) {
	rhs := f.pop()
	lhs := f.top()
	if _, ok := x.rhs.AsConst(); !ok {
		f.setToLocal(Mod(f.fromFlat(lhs), f.fromFlat(rhs)))
		return
	}
	c := rhs[len(rhs)-1]
	if c < 1 {
		// MLIR asserts (and, without assertions, traps or corrupts
		// memory) here.
		f.failed = true
		return
	}
	allMultiples := true
	for _, v := range lhs {
		if v%c != 0 {
			allMultiples = false
			break
		}
	}
	if allMultiples {
		clear(lhs)
		return
	}
	g := uint64(c)
	for _, v := range lhs {
		g = gcd64(g, uint64(abs64(v)))
	}
	dividend := append([]int64(nil), lhs...)
	if g != 1 {
		for i := range dividend {
			dividend[i] /= int64(g)
		}
	}
	q := FloorDiv(f.fromFlat(dividend), Const(c/int64(g)))
	loc := f.findLocal(q)
	if loc < 0 {
		f.addLocal(q)
		loc = len(f.locals) - 1
	}
	f.top()[f.localStart()+loc] = -c
}

// visitDiv cancels the gcd of dividend and divisor and introduces a local
// for whatever division remains.
func (f *flattener) visitDiv(x binExpr, isCeil bool) {
	div := FloorDiv
	if isCeil {
		div = CeilDiv
	}
	rhs := f.pop()
	lhs := f.top()
	if _, ok := x.rhs.AsConst(); !ok {
		f.setToLocal(div(f.fromFlat(lhs), f.fromFlat(rhs)))
		return
	}
	c := rhs[len(rhs)-1]
	g := uint64(abs64(c))
	for _, v := range lhs {
		g = gcd64(g, uint64(abs64(v)))
	}
	if g == 0 {
		// 0 divided by 0: MLIR traps here.
		f.failed = true
		return
	}
	if g != 1 {
		for i := range lhs {
			lhs[i] /= int64(g)
		}
	}
	divisor := c / int64(g)
	if divisor == 1 {
		return
	}
	f.setToLocal(div(f.fromFlat(lhs), Const(divisor)))
}

// setToLocal replaces the top of the stack by the local variable standing
// for e, creating it if needed.
func (f *flattener) setToLocal(e Expr) {
	loc := f.findLocal(e)
	if loc < 0 {
		f.addLocal(e)
		loc = len(f.locals) - 1
	}
	top := f.top()
	clear(top)
	top[f.localStart()+loc] = 1
}

func (f *flattener) findLocal(e Expr) int {
	for i, l := range f.locals {
		if l == e {
			return i
		}
	}
	return -1
}

// addLocal appends a local variable, inserting its (zero) column into every
// pending coefficient vector.
func (f *flattener) addLocal(e Expr) {
	at := f.localStart() + len(f.locals)
	for i, row := range f.stack {
		row = append(row, 0)
		copy(row[at+1:], row[at:])
		row[at] = 0
		f.stack[i] = row
	}
	f.locals = append(f.locals, e)
}

func (f *flattener) fromFlat(flat []int64) Expr {
	return exprFromFlat(flat, f.numDims, f.numSyms, f.locals)
}

// exprFromFlat is MLIR's getAffineExprFromFlatForm: it sums the terms in
// column order (dims, symbols, locals) and adds the constant last.
func exprFromFlat(flat []int64, numDims, numSyms int, locals []Expr) Expr {
	e := Const(0)
	for j := 0; j < numDims+numSyms; j++ {
		if flat[j] == 0 {
			continue
		}
		var id Expr
		if j < numDims {
			id = Dim(j)
		} else {
			id = Sym(j - numDims)
		}
		e = Add(e, Mul(id, Const(flat[j])))
	}
	for j := numDims + numSyms; j < len(flat)-1; j++ {
		if flat[j] == 0 {
			continue
		}
		e = Add(e, Mul(locals[j-numDims-numSyms], Const(flat[j])))
	}
	if c := flat[len(flat)-1]; c != 0 {
		e = Add(e, Const(c))
	}
	return e
}

// semiKey orders the terms of a rebuilt semi-affine expression: terms are
// grouped by the position of their leading identifier, dimensions before
// products with symbols, before symbols (see MLIR's
// getSemiAffineExprFromFlatForm).
type semiKey struct {
	a uint32
	b int32
}

// semiAffineExprFromFlat is MLIR 16's getSemiAffineExprFromFlatForm, which
// sorts terms so that e.g. d0 + d0 * s0 + s0 + d1 * s1 + s1 comes out in that
// order.
func semiAffineExprFromFlat(flat []int64, numDims, numSyms int, locals []Expr) Expr {
	type term struct {
		key   semiKey
		coeff int64
		expr  Expr
	}
	var terms []term
	seen := map[semiKey]bool{}
	add := func(k semiKey, coeff int64, e Expr) bool {
		if seen[k] {
			// MLIR 16 would silently merge two different terms here;
			// leave this one to the unordered tail instead.
			return false
		}
		seen[k] = true
		terms = append(terms, term{k, coeff, e})
		return true
	}
	maxDS := int32(max(numDims, numSyms))
	offsetSym := int32(0)
	offsetDim := int32(-1)
	for j := numDims; j < numDims+numSyms; j++ {
		if flat[j] == 0 {
			continue
		}
		add(semiKey{uint32(j - numDims), maxDS + offsetSym}, flat[j], Sym(j-numDims))
		offsetSym++
	}
	added := make([]bool, len(locals))
	for i, l := range locals {
		coeff := flat[numDims+numSyms+i]
		if coeff == 0 {
			continue
		}
		b, ok := l.(binExpr)
		if !ok {
			continue
		}
		lk, rk := b.lhs.Kind(), b.rhs.Kind()
		if (lk != KindDim && lk != KindSymbol) || (rk != KindDim && rk != KindSymbol && rk != KindConst) {
			continue
		}
		var k semiKey
		switch {
		case rk == KindConst && lk == KindDim:
			p, _ := b.lhs.AsDim()
			k = semiKey{uint32(p), offsetDim}
			offsetDim--
		case rk == KindConst:
			p, _ := b.lhs.AsSymbol()
			k = semiKey{uint32(p), maxDS + offsetSym}
			offsetSym++
		case lk == KindDim:
			p, _ := b.lhs.AsDim()
			// A well-formed product has a symbol on the right; a dimension
			// here would only come from a non-affine input, which
			// canFlatten rejects.
			q, _ := b.rhs.AsSymbol()
			k = semiKey{uint32(p), int32(q)}
		default:
			p, _ := b.lhs.AsSymbol()
			k = semiKey{uint32(p), maxDS + offsetSym}
			offsetSym++
		}
		added[i] = add(k, coeff, l)
	}
	for j := 0; j < numDims; j++ {
		if flat[j] == 0 {
			continue
		}
		add(semiKey{uint32(j), offsetDim}, flat[j], Dim(j))
		offsetDim--
	}
	sort.SliceStable(terms, func(i, j int) bool {
		if terms[i].key.a != terms[j].key.a {
			return terms[i].key.a < terms[j].key.a
		}
		return terms[i].key.b < terms[j].key.b
	})
	e := Const(0)
	for _, t := range terms {
		e = Add(e, Mul(t.expr, Const(t.coeff)))
	}
	for i, l := range locals {
		coeff := flat[numDims+numSyms+i]
		if coeff == 0 || added[i] {
			continue
		}
		e = Add(e, Mul(l, Const(coeff)))
	}
	if c := flat[len(flat)-1]; c != 0 {
		e = Add(e, Const(c))
	}
	return e
}

// simplifySemiAffine ports MLIR 16's simplifySemiAffine: a floordiv,
// ceildiv or mod whose right operand simplifies to a symbol is resolved when
// the left operand is known to be a multiple of that symbol.
func simplifySemiAffine(e Expr) Expr {
	b, ok := e.(binExpr)
	if !ok {
		return e
	}
	if b.kind == KindAdd || b.kind == KindMul {
		return BinaryOp(b.kind, simplifySemiAffine(b.lhs), simplifySemiAffine(b.rhs))
	}
	sl := simplifySemiAffine(b.lhs)
	sr := simplifySemiAffine(b.rhs)
	sym, ok := sr.AsSymbol()
	if !ok || !isDivisibleBySymbol(b.lhs, sym, b.kind) {
		return BinaryOp(b.kind, sl, sr)
	}
	if b.kind == KindMod {
		return Const(0)
	}
	if q := symbolicDivide(sl, sym, b.kind); q != nil {
		return q
	}
	// MLIR 16 dereferences a null expression here and crashes (e.g. on
	// ((d0 * s0) floordiv s0) floordiv s0); keep the expression instead.
	return BinaryOp(b.kind, sl, sr)
}

// isDivisibleBySymbol reports whether e is known to be a multiple of symbol
// sym for the purpose of an enclosing division of kind opKind.
func isDivisibleBySymbol(e Expr, sym int, opKind ExprKind) bool {
	switch x := e.(type) {
	case constExpr:
		return x.val == 0
	case dimExpr:
		return false
	case symExpr:
		return x.pos == sym
	case binExpr:
		switch x.kind {
		case KindAdd:
			return isDivisibleBySymbol(x.lhs, sym, opKind) && isDivisibleBySymbol(x.rhs, sym, opKind)
		case KindMod:
			return isDivisibleBySymbol(x.lhs, sym, KindMod) && isDivisibleBySymbol(x.rhs, sym, KindMod)
		case KindMul:
			return isDivisibleBySymbol(x.lhs, sym, opKind) || isDivisibleBySymbol(x.rhs, sym, opKind)
		default:
			// (a floordiv b) floordiv s == (a floordiv s) floordiv b, and
			// likewise for ceildiv, but the two kinds do not commute.
			return opKind == x.kind && isDivisibleBySymbol(x.lhs, sym, x.kind)
		}
	}
	return false
}

// symbolicDivide divides e by symbol sym, returning nil when the division
// is not exact.
func symbolicDivide(e Expr, sym int, opKind ExprKind) Expr {
	switch x := e.(type) {
	case constExpr:
		if x.val != 0 {
			return nil
		}
		return Const(0)
	case dimExpr:
		return nil
	case symExpr:
		return Const(1)
	case binExpr:
		var l, r Expr
		switch x.kind {
		case KindAdd:
			l, r = symbolicDivide(x.lhs, sym, opKind), symbolicDivide(x.rhs, sym, opKind)
		case KindMod:
			l, r = symbolicDivide(x.lhs, sym, x.kind), symbolicDivide(x.rhs, sym, x.kind)
		case KindMul:
			if !isDivisibleBySymbol(x.lhs, sym, opKind) {
				l, r = x.lhs, symbolicDivide(x.rhs, sym, opKind)
			} else {
				l, r = symbolicDivide(x.lhs, sym, opKind), x.rhs
			}
		default:
			l, r = symbolicDivide(x.lhs, sym, x.kind), x.rhs
		}
		if l == nil || r == nil {
			return nil
		}
		return BinaryOp(x.kind, l, r)
	}
	return nil
}
