package affine

import (
	"math/rand"
	"reflect"
	"testing"
)

func mustParse(t *testing.T, s string) Map {
	t.Helper()
	m, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return m
}

func TestMapString(t *testing.T) {
	cases := []struct {
		m    Map
		want string
	}{
		{Map{}, "() -> ()"},
		{Empty(2, 0), "(d0, d1) -> ()"},
		{Constant(0), "() -> (0)"},
		{NewMap(1, 0, c(0)), "(d0) -> (0)"},
		{NewMap(0, 1, s0), "()[s0] -> (s0)"},
		{Identity(3), "(d0, d1, d2) -> (d0, d1, d2)"},
		{MinorIdentity(3, 2), "(d0, d1, d2) -> (d1, d2)"},
		{Permutation([]int{2, 0, 1}), "(d0, d1, d2) -> (d2, d0, d1)"},
		{NewMap(2, 1, Add(d0, Mul(s0, c(2))), FloorDiv(d1, c(3))), "(d0, d1)[s0] -> (d0 + s0 * 2, d1 floordiv 3)"},
	}
	for _, tc := range cases {
		if got := tc.m.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestParseRenamesIdentifiers(t *testing.T) {
	m := mustParse(t, "(i, j)[N] -> (i + N, j)")
	if m.NumDims != 2 || m.NumSymbols != 1 || m.String() != "(d0, d1)[s0] -> (d0 + s0, d1)" {
		t.Errorf("got %v", m)
	}
	m = mustParse(t, "  // leading comment\n(x, mod)\n  -> (mod mod 2, // trailing\n x)  ")
	if m.String() != "(d0, d1) -> (d1 mod 2, d0)" {
		t.Errorf("got %v", m)
	}
}

func TestParsePrefix(t *testing.T) {
	text := "(d0)[s0] -> (d0 - s0)> : index"
	m, n, err := ParsePrefix(text)
	if err != nil || text[n:] != "> : index" || m.String() != "(d0)[s0] -> (d0 - s0)" {
		t.Errorf("ParsePrefix = %v, %d, %v", m, n, err)
	}
	// Whatever follows the map, even garbage, is left to the caller.
	if _, n, err := ParsePrefix("(d0) -> (d0)#"); err != nil || n != 12 {
		t.Errorf("ParsePrefix with trailing garbage = %d, %v", n, err)
	}
	if _, err := Parse("(d0) -> (d0)#"); err == nil {
		t.Error("Parse must reject trailing garbage")
	}
}

func TestMapPredicates(t *testing.T) {
	cases := []struct {
		m                                   string
		identity, perm, projPerm, projZeros bool
		minorIdentity, constant             bool
	}{
		{"() -> ()", true, true, true, true, true, true},
		{"(d0, d1) -> (d0, d1)", true, true, true, true, true, false},
		{"(d0, d1)[s0] -> (d0, d1)", true, false, false, false, false, false},
		{"(d0, d1) -> (d1, d0)", false, true, true, true, false, false},
		{"(d0, d1, d2) -> (d2, d0)", false, false, true, true, false, false},
		{"(d0, d1, d2) -> (d1, d2)", false, false, true, true, true, false},
		{"(d0, d1) -> (d0, d0)", false, false, false, false, false, false},
		{"(d0, d1) -> (d1, 0)", false, false, false, true, false, false},
		{"(d0, d1) -> (d1, 1)", false, false, false, false, false, false},
		{"(d0, d1) -> (d0 + d1)", false, false, false, false, false, false},
		{"(d0) -> (3, 4)", false, false, false, false, false, true},
	}
	for _, tc := range cases {
		m := mustParse(t, tc.m)
		got := [6]bool{m.IsIdentity(), m.IsPermutation(), m.IsProjectedPermutation(),
			m.IsProjectedPermutationAllowingZeros(), m.IsMinorIdentity(), m.IsConstant()}
		want := [6]bool{tc.identity, tc.perm, tc.projPerm, tc.projZeros, tc.minorIdentity, tc.constant}
		if got != want {
			t.Errorf("%s: got %v, want %v", tc.m, got, want)
		}
	}
	if v, ok := Constant(7).SingleConstantResult(); !ok || v != 7 {
		t.Error("SingleConstantResult")
	}
	if vs, ok := mustParse(t, "(d0) -> (3, -4)").ConstantResults(); !ok || !reflect.DeepEqual(vs, []int64{3, -4}) {
		t.Error("ConstantResults")
	}
	m := mustParse(t, "(d0, d1, d2) -> (d2, d0 + 1, d1)")
	if p, ok := m.DimPosition(0); !ok || p != 2 {
		t.Error("DimPosition(0)")
	}
	if _, ok := m.DimPosition(1); ok {
		t.Error("DimPosition(1)")
	}
	if _, ok := m.ResultDims(); ok {
		t.Error("ResultDims on a non-projection")
	}
	if ds, ok := Permutation([]int{1, 2, 0}).ResultDims(); !ok || !reflect.DeepEqual(ds, []int{1, 2, 0}) {
		t.Error("ResultDims")
	}
	if !m.IsFunctionOfDim(0) || mustParse(t, "(d0, d1) -> (d1)").IsFunctionOfDim(0) {
		t.Error("IsFunctionOfDim")
	}
}

func TestSubMaps(t *testing.T) {
	m := mustParse(t, "(d0, d1)[s0] -> (d0, d1 + s0, 7, d0 * 2)")
	cases := []struct {
		got  Map
		want string
	}{
		{m.SubMap([]int{3, 0}), "(d0, d1)[s0] -> (d0 * 2, d0)"},
		{m.DropResults([]int{0, 2, 9}), "(d0, d1)[s0] -> (d1 + s0, d0 * 2)"},
		{m.MajorSubMap(2), "(d0, d1)[s0] -> (d0, d1 + s0)"},
		{m.MinorSubMap(1), "(d0, d1)[s0] -> (d0 * 2)"},
		{m.MinorSubMap(10), m.String()},
	}
	for _, tc := range cases {
		if tc.got.String() != tc.want {
			t.Errorf("got %v, want %v", tc.got, tc.want)
		}
	}
	if m.String() != "(d0, d1)[s0] -> (d0, d1 + s0, 7, d0 * 2)" {
		t.Error("sub-map helpers modified the receiver")
	}
}

func TestMapEqualAndValidate(t *testing.T) {
	a := mustParse(t, "(a, b)[n] -> (a + n, b)")
	b := mustParse(t, "(x, y)[m] -> (m + x, y)")
	if !a.Equal(b) {
		t.Error("maps differing only in names must be equal")
	}
	if a.Equal(mustParse(t, "(a, b)[n, k] -> (a + n, b)")) || a.Equal(mustParse(t, "(a, b)[n] -> (a + n)")) {
		t.Error("maps with different inputs or results must differ")
	}
	if err := a.Validate(); err != nil {
		t.Errorf("Validate(%v) = %v", a, err)
	}
	bad := []Map{
		NewMap(1, 0, d1),
		NewMap(1, 0, s0),
		NewMap(2, 0, Mul(d0, d1)),
		NewMap(2, 0, FloorDiv(d0, d1)),
		{NumDims: 1, Results: []Expr{nil}},
		{NumDims: -1},
	}
	for _, m := range bad {
		if m.Validate() == nil {
			t.Errorf("Validate(%v) accepted an invalid map", m)
		}
	}
}

func TestCompose(t *testing.T) {
	cases := []struct{ outer, inner, want string }{
		// MLIR's documentation example for AffineMap::compose.
		{"(d0, d1) -> (d0 + 1, d1 - 1)", "(d0)[s0] -> (d0 + s0, d0 - s0)",
			"(d0)[s0] -> (d0 + s0 + 1, d0 - s0 - 1)"},
		// The outer map's symbols come first; the inner map's follow.
		{"(d0, d1)[s0] -> (d0 + s0, d1)", "(d0)[s0] -> (d0 * 2, s0)",
			"(d0)[s0, s1] -> (d0 * 2 + s0, s1)"},
		{"(d0, d1) -> (d1, d0)", "(d0, d1, d2) -> (d2, d0 floordiv 4)",
			"(d0, d1, d2) -> (d0 floordiv 4, d2)"},
		// Substitution goes through the simplifying constructors.
		{"(d0) -> (d0 mod 4)", "(d0) -> (d0 * 8 + 3)", "(d0) -> (3)"},
		{"(d0) -> (d0 floordiv 2)", "(d0) -> (d0 * 4)", "(d0) -> (d0 * 2)"},
		{"(d0, d1) -> (d0 + d1)", "() -> (3, 4)", "() -> (7)"},
		{"() -> (5)", "(d0) -> ()", "(d0) -> (5)"},
	}
	for _, tc := range cases {
		got := mustParse(t, tc.outer).Compose(mustParse(t, tc.inner))
		if got.String() != tc.want {
			t.Errorf("%s ∘ %s = %v, want %s", tc.outer, tc.inner, got, tc.want)
		}
	}
	p := Permutation([]int{1, 2, 0})
	if got := p.Compose(Permutation([]int{2, 0, 1})); !got.IsIdentity() {
		t.Errorf("permutation composed with its inverse = %v", got)
	}
}

// TestComposeEval checks Compose against its meaning on random maps:
// (outer ∘ inner)(x)[outerSyms ++ innerSyms] == outer(inner(x)[innerSyms])[outerSyms].
func TestComposeEval(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 300; iter++ {
		inner := randomMap(r, 2, 1, 3)
		outer := randomMap(r, 3, 2, 2)
		comp := outer.Compose(inner)
		for k := 0; k < 5; k++ {
			x := []int64{r.Int63n(41) - 20, r.Int63n(41) - 20}
			is := []int64{r.Int63n(9) + 1}
			os := []int64{r.Int63n(9) + 1, r.Int63n(9) + 1}
			mid, err := inner.Eval(x, is)
			if err != nil {
				t.Fatal(err)
			}
			want, err := outer.Eval(mid, os)
			if err != nil {
				t.Fatal(err)
			}
			got, err := comp.Eval(x, append(append([]int64(nil), os...), is...))
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%v ∘ %v = %v: got %v %v, want %v", outer, inner, comp, got, err, want)
			}
		}
	}
}

// randomMap builds a map whose divisors are positive, so that it can be
// evaluated for positive symbol values.
func randomMap(r *rand.Rand, numDims, numSyms, numResults int) Map {
	var gen func(depth int) Expr
	gen = func(depth int) Expr {
		if depth == 0 || r.Intn(3) == 0 {
			switch r.Intn(3) {
			case 0:
				return Dim(r.Intn(numDims))
			case 1:
				return Sym(r.Intn(numSyms))
			}
			return Const(r.Int63n(7) - 3)
		}
		a := gen(depth - 1)
		switch r.Intn(5) {
		case 0:
			return Add(a, gen(depth-1))
		case 1:
			return Sub(a, gen(depth-1))
		case 2:
			return Mul(a, Const(r.Int63n(7)-3))
		case 3:
			return BinaryOp([]ExprKind{KindFloorDiv, KindCeilDiv, KindMod}[r.Intn(3)], a, Const(r.Int63n(5)+1))
		}
		return BinaryOp([]ExprKind{KindFloorDiv, KindCeilDiv, KindMod, KindMul}[r.Intn(4)], a, Sym(r.Intn(numSyms)))
	}
	res := make([]Expr, numResults)
	for i := range res {
		res[i] = gen(3)
	}
	return Map{NumDims: numDims, NumSymbols: numSyms, Results: res}
}

func TestInversePermutation(t *testing.T) {
	cases := []struct {
		in, want string // want "" means no inverse
	}{
		// MLIR's documentation example: the first occurrence wins.
		{"(d0, d1, d2) -> (d1, d1, d0, d2, d1)", "(d0, d1, d2, d3, d4) -> (d2, d0, d3)"},
		{"(d0, d1, d2) -> (d2, d0, d1)", "(d0, d1, d2) -> (d1, d2, d0)"},
		{"(d0, d1) -> (d1, 0, d0)", "(d0, d1, d2) -> (d2, d0)"},
		{"(d0, d1) -> (d0 + d1, d1)", ""},
		{"(d0, d1) -> (d0)", ""},
		{"(d0)[s0] -> (d0)", ""},
		{"() -> ()", "() -> ()"},
	}
	for _, tc := range cases {
		got, ok := InversePermutation(mustParse(t, tc.in))
		if tc.want == "" {
			if ok {
				t.Errorf("InversePermutation(%s) = %v, want failure", tc.in, got)
			}
			continue
		}
		if !ok || got.String() != tc.want {
			t.Errorf("InversePermutation(%s) = %v, %v; want %s", tc.in, got, ok, tc.want)
		}
	}
	for _, perm := range [][]int{{0}, {1, 0}, {2, 0, 3, 1}, {4, 3, 2, 1, 0}} {
		p := Permutation(perm)
		inv, ok := InversePermutation(p)
		if !ok || !p.Compose(inv).IsIdentity() || !inv.Compose(p).IsIdentity() {
			t.Errorf("inverse of %v = %v is not an inverse", p, inv)
		}
	}
}
