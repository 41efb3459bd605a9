package affine

import (
	"fmt"
	"strconv"
	"strings"
)

// Map is an affine map (d0, ..., dN-1)[s0, ..., sM-1] -> (results...).
//
// A Map is a value: methods never modify the receiver or its Results slice,
// and functions returning a Map always return a fresh slice. Callers that
// build a Map literal by hand should not modify its Results afterwards
// either. Every result must only use dimensions below NumDims and symbols
// below NumSymbols; Validate checks this for hand-built maps.
type Map struct {
	NumDims    int
	NumSymbols int
	Results    []Expr
}

// NewMap returns a map with a private copy of results.
func NewMap(numDims, numSymbols int, results ...Expr) Map {
	return Map{NumDims: numDims, NumSymbols: numSymbols, Results: append([]Expr(nil), results...)}
}

// Empty returns the map with the given inputs and no results, e.g.
// (d0, d1) -> ().
func Empty(numDims, numSymbols int) Map { return Map{NumDims: numDims, NumSymbols: numSymbols} }

// Constant returns the map () -> (v), MLIR's getConstantMap.
func Constant(v int64) Map { return Map{Results: []Expr{Const(v)}} }

// Identity returns (d0, ..., dn-1) -> (d0, ..., dn-1), MLIR's
// getMultiDimIdentityMap.
func Identity(n int) Map {
	return MinorIdentity(n, n)
}

// MinorIdentity returns the identity on the last numResults of numDims
// dimensions, e.g. MinorIdentity(3, 2) is (d0, d1, d2) -> (d1, d2). It
// panics if numResults > numDims, which is a programming error.
func MinorIdentity(numDims, numResults int) Map {
	if numResults > numDims || numResults < 0 {
		panic(fmt.Sprintf("affine.MinorIdentity(%d, %d): invalid sizes", numDims, numResults))
	}
	res := make([]Expr, numResults)
	for i := range res {
		res[i] = Dim(numDims - numResults + i)
	}
	return Map{NumDims: numDims, Results: res}
}

// Permutation returns the map (d0, ..., dn-1) -> (d<perm[0]>, ...), MLIR's
// getPermutationMap. It panics if perm is not a permutation of 0..n-1,
// which is a programming error.
func Permutation(perm []int) Map {
	seen := make([]bool, len(perm))
	res := make([]Expr, len(perm))
	for i, p := range perm {
		if p < 0 || p >= len(perm) || seen[p] {
			panic(fmt.Sprintf("affine.Permutation: %v is not a permutation", perm))
		}
		seen[p] = true
		res[i] = Dim(p)
	}
	return Map{NumDims: len(perm), Results: res}
}

// String prints the map the way MLIR prints it inside affine_map<...>:
// dimensions and symbols are renamed d0.../s0..., the symbol list is omitted
// when there are no symbols, and results use Expr.String.
func (m Map) String() string {
	var sb strings.Builder
	sb.WriteByte('(')
	for i := 0; i < m.NumDims; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("d" + strconv.Itoa(i))
	}
	sb.WriteByte(')')
	if m.NumSymbols > 0 {
		sb.WriteByte('[')
		for i := 0; i < m.NumSymbols; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("s" + strconv.Itoa(i))
		}
		sb.WriteByte(']')
	}
	sb.WriteString(" -> (")
	for i, r := range m.Results {
		if i > 0 {
			sb.WriteString(", ")
		}
		printExpr(&sb, r, weak)
	}
	sb.WriteByte(')')
	return sb.String()
}

// Validate reports hand-built maps that MLIR would reject: nil results,
// identifiers outside the declared ranges, and non-affine products or
// divisors (d0 * d1, d0 floordiv d1). Maps produced by this package are
// always valid when their inputs are.
func (m Map) Validate() error {
	if m.NumDims < 0 || m.NumSymbols < 0 {
		return fmt.Errorf("affine map has negative input counts (%d, %d)", m.NumDims, m.NumSymbols)
	}
	for i, r := range m.Results {
		if r == nil {
			return fmt.Errorf("affine map result %d is nil", i)
		}
		var err error
		Walk(r, func(x Expr) {
			if err != nil {
				return
			}
			if p, ok := x.AsDim(); ok && p >= m.NumDims {
				err = fmt.Errorf("affine map result %d uses d%d but the map has %d dims", i, p, m.NumDims)
			}
			if p, ok := x.AsSymbol(); ok && p >= m.NumSymbols {
				err = fmt.Errorf("affine map result %d uses s%d but the map has %d symbols", i, p, m.NumSymbols)
			}
			if b, ok := x.(binExpr); ok {
				switch {
				case b.kind == KindMul && !IsSymbolicOrConstant(b.lhs) && !IsSymbolicOrConstant(b.rhs):
					err = fmt.Errorf("affine map result %d is not affine: %v", i, x)
				case b.kind != KindAdd && b.kind != KindMul && !IsSymbolicOrConstant(b.rhs):
					err = fmt.Errorf("affine map result %d is not affine: %v", i, x)
				}
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// NumInputs returns NumDims + NumSymbols.
func (m Map) NumInputs() int { return m.NumDims + m.NumSymbols }

// NumResults returns len(m.Results).
func (m Map) NumResults() int { return len(m.Results) }

// Equal reports whether the two maps have the same inputs and structurally
// identical results.
func (m Map) Equal(o Map) bool {
	if m.NumDims != o.NumDims || m.NumSymbols != o.NumSymbols || len(m.Results) != len(o.Results) {
		return false
	}
	for i := range m.Results {
		if m.Results[i] != o.Results[i] {
			return false
		}
	}
	return true
}

// IsEmpty reports whether the map is () -> (), MLIR's isEmpty.
func (m Map) IsEmpty() bool { return m.NumDims == 0 && m.NumSymbols == 0 && len(m.Results) == 0 }

// IsIdentity reports whether result i is d<i> for every dimension, with as
// many results as dimensions (symbols are allowed, as in MLIR).
func (m Map) IsIdentity() bool {
	if m.NumDims != len(m.Results) {
		return false
	}
	for i, r := range m.Results {
		if p, ok := r.AsDim(); !ok || p != i {
			return false
		}
	}
	return true
}

// IsMinorIdentity reports whether the map is MinorIdentity(NumDims,
// NumResults()), i.e. the identity on trailing dimensions, without symbols.
func (m Map) IsMinorIdentity() bool {
	return m.NumDims >= len(m.Results) && m.Equal(MinorIdentity(m.NumDims, len(m.Results)))
}

// IsProjectedPermutation reports whether the map has no symbols and its
// results are distinct dimensions (a permutation of a subset of the
// inputs), MLIR's isProjectedPermutation().
func (m Map) IsProjectedPermutation() bool { return m.isProjectedPermutation(false) }

// IsProjectedPermutationAllowingZeros is IsProjectedPermutation that also
// accepts constant 0 results, MLIR's isProjectedPermutation(true); it is
// what broadcasting indexing maps look like.
func (m Map) IsProjectedPermutationAllowingZeros() bool { return m.isProjectedPermutation(true) }

func (m Map) isProjectedPermutation(allowZeros bool) bool {
	if m.NumSymbols > 0 || len(m.Results) > m.NumInputs() {
		return false
	}
	seen := make([]bool, m.NumDims)
	for _, r := range m.Results {
		if p, ok := r.AsDim(); ok {
			if p >= m.NumDims || seen[p] {
				return false
			}
			seen[p] = true
			continue
		}
		if !allowZeros || !isConst(r, 0) {
			return false
		}
	}
	return true
}

// IsPermutation reports whether the map is a projected permutation that
// uses every dimension exactly once.
func (m Map) IsPermutation() bool {
	return m.NumDims == len(m.Results) && m.IsProjectedPermutation()
}

// IsConstant reports whether every result is a constant.
func (m Map) IsConstant() bool {
	for _, r := range m.Results {
		if _, ok := r.AsConst(); !ok {
			return false
		}
	}
	return true
}

// ConstantResults returns the result values of a constant map.
func (m Map) ConstantResults() ([]int64, bool) {
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		c, ok := r.AsConst()
		if !ok {
			return nil, false
		}
		out[i] = c
	}
	return out, true
}

// SingleConstantResult returns the value of a map with exactly one result
// that is a constant.
func (m Map) SingleConstantResult() (int64, bool) {
	if len(m.Results) != 1 {
		return 0, false
	}
	return m.Results[0].AsConst()
}

// DimPosition returns the position of result i when that result is a bare
// dimension. It panics if i is out of range, like slice indexing.
func (m Map) DimPosition(i int) (int, bool) { return m.Results[i].AsDim() }

// ResultDims returns the dimension position of every result when all
// results are bare dimensions, which is what indexing maps of structured
// ops usually are.
func (m Map) ResultDims() ([]int, bool) {
	out := make([]int, len(m.Results))
	for i, r := range m.Results {
		p, ok := r.AsDim()
		if !ok {
			return nil, false
		}
		out[i] = p
	}
	return out, true
}

// IsFunctionOfDim reports whether any result uses dimension pos.
func (m Map) IsFunctionOfDim(pos int) bool {
	for _, r := range m.Results {
		if IsFunctionOfDim(r, pos) {
			return true
		}
	}
	return false
}

// SubMap returns the map with only the results at the given positions, in
// that order, and the same inputs (MLIR's getSubMap). Out-of-range
// positions panic like slice indexing.
func (m Map) SubMap(positions []int) Map {
	res := make([]Expr, len(positions))
	for i, p := range positions {
		res[i] = m.Results[p]
	}
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: res}
}

// DropResults returns the map without the results at the given positions.
// Positions that are out of range are ignored.
func (m Map) DropResults(positions []int) Map {
	drop := make(map[int]bool, len(positions))
	for _, p := range positions {
		drop[p] = true
	}
	res := make([]Expr, 0, len(m.Results))
	for i, r := range m.Results {
		if !drop[i] {
			res = append(res, r)
		}
	}
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: res}
}

// MajorSubMap returns the map with its first n results (all of them if n
// is larger), MLIR's getMajorSubMap.
func (m Map) MajorSubMap(n int) Map {
	n = min(max(n, 0), len(m.Results))
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: append([]Expr(nil), m.Results[:n]...)}
}

// MinorSubMap returns the map with its last n results (all of them if n is
// larger), MLIR's getMinorSubMap.
func (m Map) MinorSubMap(n int) Map {
	n = min(max(n, 0), len(m.Results))
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: append([]Expr(nil), m.Results[len(m.Results)-n:]...)}
}

// ReplaceDimsAndSymbols substitutes dims and syms into every result (see
// the function of the same name) and returns a map with the given input
// counts.
func (m Map) ReplaceDimsAndSymbols(dims, syms []Expr, numDims, numSymbols int) Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = ReplaceDimsAndSymbols(r, dims, syms)
	}
	return Map{NumDims: numDims, NumSymbols: numSymbols, Results: res}
}

// Compose returns m ∘ inner: inner's results are substituted for m's
// dimensions, so the result takes inner's dimensions. Its symbols are m's
// symbols followed by inner's (renumbered after m's), exactly as MLIR's
// AffineMap::compose orders them. The substitution goes through the
// simplifying constructors but no further simplification is done; call
// Simplify for that. m.NumDims must equal inner.NumResults(); anything else
// is a programming error and panics.
//
// Example: (d0, d1)[s0] -> (d0 + s0, d1) composed with
// (d0)[s0] -> (d0 * 2, s0) is (d0)[s0, s1] -> (d0 * 2 + s0, s1).
func (m Map) Compose(inner Map) Map {
	if m.NumDims != len(inner.Results) {
		panic(fmt.Sprintf("affine.Map.Compose: outer map has %d dims but inner map has %d results", m.NumDims, len(inner.Results)))
	}
	numSyms := m.NumSymbols + inner.NumSymbols
	newSyms := make([]Expr, inner.NumSymbols)
	for i := range newSyms {
		newSyms[i] = Sym(m.NumSymbols + i)
	}
	shifted := inner.ReplaceDimsAndSymbols(nil, newSyms, inner.NumDims, numSyms)
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = ReplaceDimsAndSymbols(r, shifted.Results, nil)
	}
	return Map{NumDims: inner.NumDims, NumSymbols: numSyms, Results: res}
}

// InversePermutation inverts a (projected) permutation the way MLIR's
// inversePermutation does: for every dimension, the first result that is
// exactly that dimension provides its inverse; other results (constants,
// repeated dimensions, compound expressions) are skipped. It fails when
// some dimension is never produced, or when the map has symbols. The
// inverse of the empty map is itself.
//
// Example: (d0, d1, d2) -> (d1, d1, d0, d2, d1) inverts to
// (d0, d1, d2, d3, d4) -> (d2, d0, d3).
func InversePermutation(m Map) (Map, bool) {
	if m.IsEmpty() {
		return m, true
	}
	if m.NumSymbols != 0 {
		return Map{}, false
	}
	inv := make([]Expr, m.NumDims)
	for i, r := range m.Results {
		if p, ok := r.AsDim(); ok && p < m.NumDims && inv[p] == nil {
			inv[p] = Dim(i)
		}
	}
	for _, e := range inv {
		if e == nil {
			return Map{}, false
		}
	}
	return Map{NumDims: len(m.Results), Results: inv}, true
}

// Simplify simplifies every result with SimplifyExpr, like MLIR's
// simplifyAffineMap (and `mlir-opt --affine-simplify-structures`).
func (m Map) Simplify() Map {
	res := make([]Expr, len(m.Results))
	for i, r := range m.Results {
		res[i] = SimplifyExpr(r, m.NumDims, m.NumSymbols)
	}
	return Map{NumDims: m.NumDims, NumSymbols: m.NumSymbols, Results: res}
}
