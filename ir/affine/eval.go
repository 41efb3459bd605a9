package affine

import (
	"fmt"
	"math"
)

// EvalExpr evaluates e for concrete dimension and symbol values.
//
// Division semantics follow MLIR: floordiv rounds towards negative
// infinity, ceildiv towards positive infinity, and mod returns a result in
// [0, rhs) and requires a positive right-hand side. Division by zero, mod by
// a non-positive value, identifiers without a value and int64 overflow are
// reported as errors rather than producing a value, because the callers
// (constant folding, shape inference) must not silently compute garbage.
func EvalExpr(e Expr, dims, syms []int64) (int64, error) {
	switch x := e.(type) {
	case constExpr:
		return x.val, nil
	case dimExpr:
		if x.pos >= len(dims) {
			return 0, fmt.Errorf("affine: no value for d%d (%d dims given)", x.pos, len(dims))
		}
		return dims[x.pos], nil
	case symExpr:
		if x.pos >= len(syms) {
			return 0, fmt.Errorf("affine: no value for s%d (%d symbols given)", x.pos, len(syms))
		}
		return syms[x.pos], nil
	case binExpr:
		l, err := EvalExpr(x.lhs, dims, syms)
		if err != nil {
			return 0, err
		}
		r, err := EvalExpr(x.rhs, dims, syms)
		if err != nil {
			return 0, err
		}
		return evalBinary(x.kind, l, r)
	}
	return 0, fmt.Errorf("affine: cannot evaluate %v", e)
}

func evalBinary(kind ExprKind, l, r int64) (int64, error) {
	switch kind {
	case KindAdd:
		s := l + r
		if (s > l) != (r > 0) {
			return 0, fmt.Errorf("affine: overflow in %d + %d", l, r)
		}
		return s, nil
	case KindMul:
		if l != 0 && r != 0 {
			p := l * r
			if p/r != l || (l == -1 && r == math.MinInt64) || (r == -1 && l == math.MinInt64) {
				return 0, fmt.Errorf("affine: overflow in %d * %d", l, r)
			}
			return p, nil
		}
		return 0, nil
	case KindFloorDiv, KindCeilDiv:
		if r == 0 {
			return 0, fmt.Errorf("affine: division by zero")
		}
		if l == math.MinInt64 && r == -1 {
			return 0, fmt.Errorf("affine: overflow in %d / %d", l, r)
		}
		if kind == KindFloorDiv {
			return floorDivExact(l, r), nil
		}
		return ceilDivExact(l, r), nil
	case KindMod:
		if r < 1 {
			return 0, fmt.Errorf("affine: mod by non-positive value %d", r)
		}
		return mod(l, r), nil
	}
	return 0, fmt.Errorf("affine: unknown operation %v", kind)
}

// floorDivExact rounds towards -inf without the intermediate negation that
// makes MLIR's floorDiv wrap for MinInt64 operands.
func floorDivExact(l, r int64) int64 {
	q := l / r
	if l%r != 0 && (l < 0) != (r < 0) {
		q--
	}
	return q
}

// ceilDivExact rounds towards +inf; see floorDivExact.
func ceilDivExact(l, r int64) int64 {
	q := l / r
	if l%r != 0 && (l < 0) == (r < 0) {
		q++
	}
	return q
}

// Eval evaluates every result of m. It fails if the number of values does
// not match the map's inputs or if any result fails to evaluate (see
// EvalExpr).
func (m Map) Eval(dims, syms []int64) ([]int64, error) {
	if len(dims) != m.NumDims || len(syms) != m.NumSymbols {
		return nil, fmt.Errorf("affine: map %v takes %d dims and %d symbols, got %d and %d",
			m, m.NumDims, m.NumSymbols, len(dims), len(syms))
	}
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		v, err := EvalExpr(r, dims, syms)
		if err != nil {
			return nil, fmt.Errorf("result %d of %v: %w", i, m, err)
		}
		out[i] = v
	}
	return out, nil
}
