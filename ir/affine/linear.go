package affine

// LinearForm decomposes e, an expression over numDims dims and no
// symbols, into Σ coeffs[d]·d + constant. It fails (ok false) on symbols,
// mod, floordiv, ceildiv, a product of two non-constant terms and dims
// out of range: the maps the lowering emits are all linear, and the
// planner and backends turn linear maps into strides.
func LinearForm(e Expr, numDims int) (coeffs []int64, constant int64, ok bool) {
	coeffs = make([]int64, numDims)
	switch e.Kind() {
	case KindConst:
		k, _ := e.AsConst()
		return coeffs, k, true
	case KindDim:
		d, _ := e.AsDim()
		if d >= numDims {
			return nil, 0, false
		}
		coeffs[d] = 1
		return coeffs, 0, true
	case KindAdd:
		lc, lk, ok1 := LinearForm(e.LHS(), numDims)
		rc, rk, ok2 := LinearForm(e.RHS(), numDims)
		if !ok1 || !ok2 {
			return nil, 0, false
		}
		for i := range coeffs {
			coeffs[i] = lc[i] + rc[i]
		}
		return coeffs, lk + rk, true
	case KindMul:
		lc, lk, ok1 := LinearForm(e.LHS(), numDims)
		rc, rk, ok2 := LinearForm(e.RHS(), numDims)
		if !ok1 || !ok2 {
			return nil, 0, false
		}
		if allZero(rc) {
			lc, lk, rc, rk = rc, rk, lc, lk
		}
		if !allZero(lc) {
			return nil, 0, false // a product of two dims: not linear
		}
		for i := range coeffs {
			coeffs[i] = lk * rc[i]
		}
		return coeffs, lk * rk, true
	}
	return nil, 0, false
}

func allZero(c []int64) bool {
	for _, v := range c {
		if v != 0 {
			return false
		}
	}
	return true
}
