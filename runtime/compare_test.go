package runtime

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func mustF(t *testing.T, dt DType, shape []int64, v ...float64) *Tensor {
	t.Helper()
	x, err := FromFloat64s(dt, shape, v)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestCompareReportString pins the one-line report the CLI prints.
func TestCompareReportString(t *testing.T) {
	want := mustF(t, F32, []int64{1, 4, 2}, 1, 2, 3, 4, 5, 6, 1.5, 8)
	got := mustF(t, F32, []int64{1, 4, 2}, 1, 2, 3, 4, 5, 6, 1.25, 8)
	r := Compare(got, want, Tolerance{Atol: 1e-5, Rtol: 1e-4})
	if r.Match || r.FirstMismatch != 6 || !slices.Equal(r.Index, []int64{0, 3, 0}) || r.Got != 1.25 || r.Want != 1.5 {
		t.Fatalf("report %+v", r)
	}
	const s = "mismatch at [0, 3, 0]: got 1.25, want 1.5 (max abs err 0.25, max rel err 0.1667, tolerance atol=1e-05 rtol=1e-04); 1 of 8 elements differ"
	if r.String() != s {
		t.Errorf("String():\n got %s\nwant %s", r, s)
	}
	ok := Compare(want, want, DefaultTolerance(F32))
	if !ok.Match || ok.String() != "match: 8 elements (max abs err 0, max rel err 0, tolerance atol=1e-05 rtol=1e-04)" {
		t.Errorf("match string: %s", ok)
	}
}

func TestCompareFloatBranches(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	tol := Tolerance{Atol: 1e-5, Rtol: 1e-4}
	for _, c := range []struct {
		name     string
		got      []float64
		want     []float64
		match    bool
		first    int64
		nanMis   bool
		mismatch int64
	}{
		{"equal", []float64{1, -2, 0}, []float64{1, -2, 0}, true, -1, false, 0},
		{"within atol near zero", []float64{9e-6, 0, 1}, []float64{0, -9e-6, 1}, true, -1, false, 0},
		{"beyond atol near zero", []float64{0, 2e-5, 1}, []float64{0, 0, 1}, false, 1, false, 1},
		{"within rtol on large values", []float64{1000.09, 5}, []float64{1000, 5}, true, -1, false, 0},
		{"beyond rtol on large values", []float64{1000.2, 5}, []float64{1000, 5}, false, 0, false, 1},
		{"NaN equals NaN", []float64{nan, 1}, []float64{nan, 1}, true, -1, false, 0},
		{"NaN got, number want", []float64{1, nan}, []float64{1, 2}, false, 1, true, 1},
		{"number got, NaN want", []float64{1, 2}, []float64{nan, 2}, false, 0, true, 1},
		{"Inf equals Inf", []float64{inf, -inf}, []float64{inf, -inf}, true, -1, false, 0},
		{"Inf vs -Inf", []float64{inf, 1}, []float64{-inf, 1}, false, 0, false, 1},
		{"Inf vs finite", []float64{1, 3e38}, []float64{1, inf}, false, 1, false, 1},
		{"finite vs Inf", []float64{1, inf}, []float64{1, 3e38}, false, 1, false, 1},
		{"several mismatches, first reported", []float64{1, 5, 6, 7}, []float64{1, 2, 3, 4}, false, 1, false, 3},
	} {
		r := Compare(mustF(t, F32, []int64{int64(len(c.got))}, c.got...), mustF(t, F32, []int64{int64(len(c.want))}, c.want...), tol)
		if r.Match != c.match || r.FirstMismatch != c.first || r.NaNMismatch != c.nanMis || r.Mismatches != c.mismatch || r.Reason != "" {
			t.Errorf("%s: %+v", c.name, r)
		}
		if !c.match && (len(r.Index) != 1 || r.Index[0] != c.first) {
			t.Errorf("%s: index %v", c.name, r.Index)
		}
		if math.IsInf(r.MaxAbs, 0) || math.IsNaN(r.MaxAbs) || math.IsInf(r.MaxRel, 0) || math.IsNaN(r.MaxRel) {
			t.Errorf("%s: non-finite stats %v %v", c.name, r.MaxAbs, r.MaxRel)
		}
	}
	r := Compare(mustF(t, F32, []int64{2}, nan, 1), mustF(t, F32, []int64{2}, 0, 1), tol)
	if !strings.Contains(r.String(), "got NaN, want 0") || !strings.Contains(r.String(), "NaN on one side only") {
		t.Errorf("NaN report: %s", r)
	}
}

func TestCompareStats(t *testing.T) {
	// MaxRel skips want == 0; MaxAbs covers every finite pair.
	r := Compare(mustF(t, F64, []int64{3}, 0.5, 2.2, 10), mustF(t, F64, []int64{3}, 0, 2, 10), Tolerance{Atol: 1})
	if !r.Match || r.MaxAbs != 0.5 || math.Abs(r.MaxRel-0.1) > 1e-12 {
		t.Errorf("stats: %+v", r)
	}
	// A tolerance wide enough passes; the same data fails a tight one.
	if Compare(mustF(t, F64, []int64{1}, 1.001), mustF(t, F64, []int64{1}, 1), Tolerance{Rtol: 1e-2}).Match != true ||
		Compare(mustF(t, F64, []int64{1}, 1.001), mustF(t, F64, []int64{1}, 1), DefaultTolerance(F64)).Match != false {
		t.Error("rtol not applied")
	}
}

func TestCompareStructural(t *testing.T) {
	a := New(F32, 2, 3)
	for _, c := range []struct {
		got, want *Tensor
		reason    string
	}{
		{a, New(F16, 2, 3), "dtype mismatch: got f32, want f16"},
		{a, New(F32, 3, 2), "shape mismatch: got [2, 3], want [3, 2]"},
		{a, New(F32, 6), "shape mismatch: got [2, 3], want [6]"},
		{a, nil, "nothing to compare: nil tensor"},
		{&Tensor{DType: F32, Shape: []int64{2}, Data: make([]byte, 3)}, a, "malformed result tensor: tensor [2]f32 has 3 bytes of data, want 8"},
		{a, &Tensor{Shape: []int64{1}}, "malformed expected tensor: invalid dtype invalid"},
	} {
		r := Compare(c.got, c.want, Tolerance{})
		if r.Match || r.Reason != c.reason || r.String() != c.reason || r.FirstMismatch != -1 || r.Index != nil {
			t.Errorf("want %q, got %+v", c.reason, r)
		}
	}
	// Empty tensors of the same shape match.
	if r := Compare(New(F32, 0, 4), New(F32, 0, 4), Tolerance{}); !r.Match || r.Elements != 0 {
		t.Errorf("empty: %+v", r)
	}
	// Scalars.
	if r := Compare(mustF(t, F32, nil, 1), mustF(t, F32, nil, 2), Tolerance{}); r.Match || r.String()[:15] != "mismatch at []:" {
		t.Errorf("scalar: %s", r)
	}
}

func TestCompareIntegers(t *testing.T) {
	mk := func(dt DType, v ...int64) *Tensor {
		x, err := FromInt64s(dt, []int64{int64(len(v))}, v)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	// Exact by default, and exact beyond 2^53 where float64 would blur.
	big := int64(1)<<60 + 1
	r := Compare(mk(I64, 1, big), mk(I64, 1, big-1), DefaultTolerance(I64))
	if r.Match || r.FirstMismatch != 1 {
		t.Errorf("i64 off by one at 2^60: %+v", r)
	}
	if !strings.HasPrefix(r.String(), "mismatch at [1]: got 1152921504606846977, want 1152921504606846976 (max abs err 1,") {
		t.Errorf("report: %s", r)
	}
	if r := Compare(mk(I32, 5, -3), mk(I32, 5, -3), DefaultTolerance(I32)); !r.Match {
		t.Errorf("equal ints: %+v", r)
	}
	r = Compare(mk(I32, 5, -3, 9), mk(I32, 5, -4, 9), DefaultTolerance(I32))
	if r.Match || r.String() != "mismatch at [1]: got -3, want -4 (max abs err 1, max rel err 0.25, tolerance atol=0 rtol=0); 1 of 3 elements differ" {
		t.Errorf("int report: %s", r)
	}
	// A tolerance the caller asks for is honoured.
	if r := Compare(mk(I8, 10), mk(I8, 11), Tolerance{Atol: 1}); !r.Match {
		t.Errorf("int with atol 1: %+v", r)
	}
	if r := Compare(mk(Bool, 1, 0), mk(Bool, 1, 1), DefaultTolerance(Bool)); r.Match || r.FirstMismatch != 1 {
		t.Errorf("bool: %+v", r)
	}
	if r := Compare(mk(U8, 255), mk(U8, 255), Tolerance{}); !r.Match {
		t.Errorf("u8: %+v", r)
	}
}

// TestDefaultTolerances checks each documented value and that it does its
// job: one ulp of the type passes, an error a real bug makes fails.
func TestDefaultTolerances(t *testing.T) {
	for dt, want := range map[DType]Tolerance{
		F64: {1e-10, 1e-9}, F32: {1e-5, 1e-4}, F16: {0x1p-14, 0x1p-9}, BF16: {1e-5, 0x1p-6},
		Bool: {}, I8: {}, I16: {}, I32: {}, I64: {}, U8: {},
	} {
		if got := DefaultTolerance(dt); got != want {
			t.Errorf("DefaultTolerance(%v) = %+v, want %+v", dt, got, want)
		}
	}
	ulp := map[DType]float64{F64: 0x1p-52, F32: 0x1p-23, F16: 0x1p-10, BF16: 0x1p-7}
	for dt, u := range ulp {
		for _, base := range []float64{1, 1.9, 37.5, -0.3} {
			w := mustF(t, dt, []int64{1}, base)
			wv := w.Float64(0)
			scale := math.Ldexp(1, int(math.Floor(math.Log2(math.Abs(wv)))))
			g := mustF(t, dt, []int64{1}, wv+u*scale) // one ulp up
			if r := Compare(g, w, DefaultTolerance(dt)); !r.Match {
				t.Errorf("%v: one ulp at %v fails: %s", dt, wv, r)
			}
			bad := mustF(t, dt, []int64{1}, wv*1.05)
			if r := Compare(bad, w, DefaultTolerance(dt)); r.Match {
				t.Errorf("%v: a 5%% error at %v passes", dt, wv)
			}
		}
	}
}
