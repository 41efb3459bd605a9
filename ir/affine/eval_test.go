package affine

import (
	"math"
	"reflect"
	"testing"
)

func TestEval(t *testing.T) {
	// Expected values agree with what `mlir-opt --canonicalize` folds
	// affine.apply of constants to (e.g. -7 floordiv 2 = -4,
	// -7 ceildiv 2 = -3, -7 mod 3 = 2, -7 floordiv -2 = 3).
	cases := []struct {
		m          string
		dims, syms []int64
		want       []int64
	}{
		{"(d0) -> (d0 floordiv 2, d0 ceildiv 2, d0 mod 3)", []int64{-7}, nil, []int64{-4, -3, 2}},
		{"(d0) -> (d0 floordiv 2, d0 ceildiv 2, d0 mod 3)", []int64{7}, nil, []int64{3, 4, 1}},
		{"(d0) -> (d0 floordiv 2, d0 ceildiv 2, d0 mod 3)", []int64{-6}, nil, []int64{-3, -3, 0}},
		{"(d0) -> (d0 floordiv 2, d0 ceildiv 2, d0 mod 3)", []int64{0}, nil, []int64{0, 0, 0}},
		{"(d0)[s0] -> (d0 floordiv s0, d0 ceildiv s0, d0 mod s0)", []int64{-7}, []int64{4}, []int64{-2, -1, 1}},
		{"(d0)[s0] -> (d0 floordiv s0, d0 ceildiv s0)", []int64{7}, []int64{-2}, []int64{-4, -3}},
		{"(d0)[s0] -> (d0 floordiv s0, d0 ceildiv s0)", []int64{-7}, []int64{-2}, []int64{3, 4}},
		{"(d0, d1)[s0] -> (d0 + d1 * 2 - s0, -d0, d0 * s0)", []int64{3, 4}, []int64{5}, []int64{6, -3, 15}},
		{"(d0) -> (d0 floordiv 3)", []int64{math.MinInt64}, nil, []int64{-3074457345618258603}},
		{"(d0) -> (d0 ceildiv 3)", []int64{math.MinInt64}, nil, []int64{-3074457345618258602}},
		{"(d0) -> (d0 mod 10)", []int64{math.MinInt64}, nil, []int64{2}},
		{"() -> ()", nil, nil, []int64{}},
	}
	for _, tc := range cases {
		got, err := mustParse(t, tc.m).Eval(tc.dims, tc.syms)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s at %v %v = %v, %v; want %v", tc.m, tc.dims, tc.syms, got, err, tc.want)
		}
	}
}

func TestEvalErrors(t *testing.T) {
	cases := []struct {
		m          string
		dims, syms []int64
	}{
		{"(d0)[s0] -> (d0 floordiv s0)", []int64{1}, []int64{0}},
		{"(d0)[s0] -> (d0 ceildiv s0)", []int64{1}, []int64{0}},
		{"(d0)[s0] -> (d0 mod s0)", []int64{1}, []int64{0}},
		{"(d0)[s0] -> (d0 mod s0)", []int64{1}, []int64{-3}},
		{"(d0) -> (d0 floordiv 0)", []int64{1}, nil},
		{"(d0) -> (d0 + 1)", []int64{math.MaxInt64}, nil},
		{"(d0) -> (d0 - 1)", []int64{math.MinInt64}, nil},
		{"(d0) -> (d0 * 2)", []int64{math.MaxInt64/2 + 1}, nil},
		{"(d0) -> (-d0)", []int64{math.MinInt64}, nil},
		{"(d0)[s0] -> (d0 floordiv s0)", []int64{math.MinInt64}, []int64{-1}},
		{"(d0, d1) -> (d0)", []int64{1}, nil},
		{"(d0)[s0] -> (d0)", []int64{1}, nil},
	}
	for _, tc := range cases {
		if got, err := mustParse(t, tc.m).Eval(tc.dims, tc.syms); err == nil {
			t.Errorf("%s at %v %v = %v, want an error", tc.m, tc.dims, tc.syms, got)
		}
	}
	// Hand-built maps referring to missing identifiers fail cleanly.
	if _, err := EvalExpr(Add(d0, s0), []int64{1}, nil); err == nil {
		t.Error("EvalExpr with a missing symbol must fail")
	}
}

// TestSimplifyPreservesValue checks SimplifyExpr against Eval on random
// expressions: simplification must never change the value.
func TestSimplifyPreservesValue(t *testing.T) {
	r := newTestRand()
	for iter := 0; iter < 2000; iter++ {
		m := randomMap(r, 2, 2, 1)
		s := m.Simplify()
		for k := 0; k < 6; k++ {
			dims := []int64{r.Int63n(61) - 30, r.Int63n(61) - 30}
			syms := []int64{r.Int63n(9) + 1, r.Int63n(9) + 1}
			want, err1 := m.Eval(dims, syms)
			got, err2 := s.Eval(dims, syms)
			if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%v simplified to %v: at %v %v got %v (%v), want %v (%v)",
					m, s, dims, syms, got, err2, want, err1)
			}
		}
	}
}
