package affine

import (
	"math"
	"testing"
)

var (
	d0, d1, d2 = Dim(0), Dim(1), Dim(2)
	s0, s1     = Sym(0), Sym(1)
)

func c(v int64) Expr { return Const(v) }

// TestConstructorsPrint checks the simplifying constructors and the
// printer on trees built directly, without the parser. The expected
// strings follow MLIR 16 (the same inputs written as text are checked
// against mlir-opt in parse_test.go).
func TestConstructorsPrint(t *testing.T) {
	cases := []struct {
		e    Expr
		want string
	}{
		{d0, "d0"},
		{s1, "s1"},
		{c(-7), "-7"},
		{Add(d0, Mul(d1, c(2))), "d0 + d1 * 2"},
		{Sub(Add(d0, Mul(d1, c(2))), c(1)), "d0 + d1 * 2 - 1"},
		{Mul(d0, c(-2)), "d0 * -2"},
		{Neg(d0), "-d0"},
		{Add(Neg(d0), c(3)), "-d0 + 3"},
		{Add(c(3), Neg(d0)), "-d0 + 3"},
		{FloorDiv(d0, c(2)), "d0 floordiv 2"},
		{Mod(Add(d0, d1), c(4)), "(d0 + d1) mod 4"},
		{Sub(d0, d1), "d0 - d1"},
		{Sub(d0, Add(d1, d2)), "d0 - (d1 + d2)"},
		{Sub(d0, Mul(d1, c(3))), "d0 - d1 * 3"},
		{Sub(d0, FloorDiv(d1, c(2))), "d0 - d1 floordiv 2"},
		{Sub(d0, Mul(FloorDiv(d1, c(2)), c(3))), "d0 - (d1 floordiv 2) * 3"},
		{Neg(Add(d0, d1)), "-(d0 + d1)"},
		{FloorDiv(Neg(d0), c(2)), "(-d0) floordiv 2"},
		{Mul(d0, Neg(s0)), "d0 * (-s0)"},
		{Add(d0, Add(d1, d2)), "d0 + d1 + d2"},
		{Add(Add(d0, c(2)), c(3)), "d0 + 5"},
		{Add(Add(d0, c(2)), d1), "d0 + d1 + 2"},
		{Add(s0, d0), "d0 + s0"},
		{Mul(s0, d0), "d0 * s0"},
		{Mul(Mul(d0, c(2)), s0), "(d0 * s0) * 2"},
		{Mul(Mul(d0, c(2)), c(3)), "d0 * 6"},
		{Add(Mul(d0, c(2)), Mul(d0, c(3))), "d0 * 5"},
		{Add(d0, d0), "d0 * 2"},
		{Sub(d0, d0), "0"},
		{Sub(d0, Mul(FloorDiv(d0, c(4)), c(4))), "d0 mod 4"},
		{Sub(d0, Mul(FloorDiv(d0, s0), s0)), "d0 mod s0"},
		{Mod(Mod(d0, c(8)), c(4)), "d0 mod 4"},
		{Mod(Mul(d0, c(4)), c(2)), "0"},
		{Mod(d0, c(1)), "0"},
		{FloorDiv(d0, c(1)), "d0"},
		{CeilDiv(d0, c(1)), "d0"},
		{FloorDiv(Mul(d0, c(128)), c(64)), "d0 * 2"},
		{CeilDiv(Mul(d0, c(8)), c(4)), "d0 * 2"},
		{FloorDiv(Add(d0, c(8)), c(4)), "d0 floordiv 4 + 2"},
		{CeilDiv(Add(d0, c(8)), c(4)), "(d0 + 8) ceildiv 4"},
		{Mod(Add(d0, Mul(d1, c(4))), c(4)), "d0 mod 4"},
		{FloorDiv(d0, c(0)), "d0 floordiv 0"},
		{Mod(d0, c(-3)), "d0 mod -3"},
		{FloorDiv(c(-7), c(2)), "-4"},
		{CeilDiv(c(-7), c(2)), "-3"},
		{Mod(c(-7), c(3)), "2"},
		{Mul(d0, c(0)), "0"},
		{Mul(c(1), d0), "d0"},
		{Add(d0, c(math.MinInt64)), "d0 - -9223372036854775808"},
		{Add(d0, Mul(d1, c(math.MinInt64))), "d0 - d1 * -9223372036854775808"},
		{Add(c(math.MaxInt64), c(1)), "-9223372036854775808"},
		{Mul(d0, d1), "d0 * d1"}, // not affine, but representable
	}
	for _, tc := range cases {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestAccessors(t *testing.T) {
	e := Add(d1, Mul(s0, c(3)))
	if e.Kind() != KindAdd || !e.Kind().IsBinary() {
		t.Fatalf("kind = %v", e.Kind())
	}
	if p, ok := e.LHS().AsDim(); !ok || p != 1 {
		t.Errorf("LHS = %v", e.LHS())
	}
	if e.RHS().Kind() != KindMul {
		t.Errorf("RHS = %v", e.RHS())
	}
	if p, ok := e.RHS().LHS().AsSymbol(); !ok || p != 0 {
		t.Errorf("RHS.LHS = %v", e.RHS().LHS())
	}
	if v, ok := e.RHS().RHS().AsConst(); !ok || v != 3 {
		t.Errorf("RHS.RHS = %v", e.RHS().RHS())
	}
	if d0.LHS() != nil || d0.RHS() != nil || c(1).Kind().IsBinary() {
		t.Error("leaves must have no operands")
	}
	if _, ok := d0.AsConst(); ok {
		t.Error("d0 is not a constant")
	}
	for k, want := range map[ExprKind]string{KindAdd: "add", KindCeilDiv: "ceildiv", KindSymbol: "symbol"} {
		if k.String() != want {
			t.Errorf("%d.String() = %q", k, k.String())
		}
	}
}

func TestEqual(t *testing.T) {
	a := Add(Mul(d0, c(2)), s1)
	b := Add(Mul(Dim(0), Const(2)), Sym(1))
	if !Equal(a, b) || a != b {
		t.Error("structurally identical expressions must be equal")
	}
	if Equal(a, Add(Mul(d0, c(3)), s1)) || Equal(d0, s0) || Equal(d0, c(0)) {
		t.Error("different expressions must not be equal")
	}
	if !Equal(nil, nil) || Equal(d0, nil) {
		t.Error("nil handling")
	}
	// Usable as map keys.
	m := map[Expr]int{a: 1}
	if m[b] != 1 {
		t.Error("map lookup by equal expression failed")
	}
}

func TestPredicates(t *testing.T) {
	cases := []struct {
		e                Expr
		pure, symOrConst bool
		divisor          int64
	}{
		{d0, true, false, 1},
		{s0, true, true, 1},
		{c(-6), true, true, 6},
		{Mul(d0, c(6)), true, false, 6},
		{Add(Mul(d0, c(6)), c(9)), true, false, 3},
		{Mul(d0, s0), false, false, 1},
		{Mul(s0, s1), false, true, 1},
		{FloorDiv(d0, s0), false, false, 1},
		{FloorDiv(Mul(d0, c(6)), c(-3)), true, false, -2},
		{Mod(Mul(d0, c(4)), c(6)), true, false, 2},
		{CeilDiv(Add(s0, c(1)), c(2)), true, true, 1},
	}
	for _, tc := range cases {
		if got := IsPureAffine(tc.e); got != tc.pure {
			t.Errorf("IsPureAffine(%v) = %v", tc.e, got)
		}
		if got := IsSymbolicOrConstant(tc.e); got != tc.symOrConst {
			t.Errorf("IsSymbolicOrConstant(%v) = %v", tc.e, got)
		}
		if got := LargestKnownDivisor(tc.e); got != tc.divisor {
			t.Errorf("LargestKnownDivisor(%v) = %v, want %v", tc.e, got, tc.divisor)
		}
	}
	e := Add(d0, Mul(d2, s1))
	if !IsFunctionOfDim(e, 2) || IsFunctionOfDim(e, 1) || !IsFunctionOfSymbol(e, 1) || IsFunctionOfSymbol(e, 0) {
		t.Error("IsFunctionOf*")
	}
}

func TestWalkAndReplace(t *testing.T) {
	e := Add(d0, Mul(s0, c(3)))
	var order []string
	Walk(e, func(x Expr) { order = append(order, x.String()) })
	want := []string{"d0", "s0", "3", "s0 * 3", "d0 + s0 * 3"}
	if len(order) != len(want) {
		t.Fatalf("walk order %v", order)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("walk order %v, want %v", order, want)
		}
	}
	// Replacement re-simplifies: d0 -> 5, s0 -> 2 folds to a constant.
	if got := ReplaceDimsAndSymbols(e, []Expr{c(5)}, []Expr{c(2)}); got != c(11) {
		t.Errorf("replace = %v", got)
	}
	// Identifiers without replacement are kept.
	if got := ReplaceDimsAndSymbols(Add(d0, d1), []Expr{d1}, nil); got.String() != "d1 * 2" {
		t.Errorf("replace = %v", got)
	}
	if got := ShiftDims(Add(d0, d1), 2, 3, 1); got.String() != "d0 + d4" {
		t.Errorf("ShiftDims = %v", got)
	}
	if got := ShiftSymbols(Add(s0, s1), 2, 1, 0); got.String() != "s1 + s2" {
		t.Errorf("ShiftSymbols = %v", got)
	}
}

func TestProgrammerErrorsPanic(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	mustPanic("Dim(-1)", func() { Dim(-1) })
	mustPanic("Sym(-1)", func() { Sym(-1) })
	mustPanic("BinaryOp(KindDim)", func() { BinaryOp(KindDim, d0, d1) })
	mustPanic("Permutation", func() { Permutation([]int{0, 0}) })
	mustPanic("Compose", func() { Identity(2).Compose(Identity(3)) })
}
