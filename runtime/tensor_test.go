package runtime

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestDTypeTable(t *testing.T) {
	cases := []struct {
		dt    DType
		name  string
		size  int
		float bool
	}{
		{F16, "f16", 2, true}, {BF16, "bf16", 2, true}, {F32, "f32", 4, true}, {F64, "f64", 8, true},
		{Bool, "i1", 1, false}, {I8, "i8", 1, false}, {I16, "i16", 2, false}, {I32, "i32", 4, false},
		{I64, "i64", 8, false}, {U8, "ui8", 1, false},
	}
	if len(cases) != len(DTypes) {
		t.Fatalf("DTypes has %d entries, the test knows %d", len(DTypes), len(cases))
	}
	for i, c := range cases {
		if DTypes[i] != c.dt || !c.dt.Valid() || c.dt.String() != c.name || c.dt.ElemSize() != c.size || c.dt.IsFloat() != c.float {
			t.Errorf("%v: got name %q size %d float %v", c.dt, c.dt.String(), c.dt.ElemSize(), c.dt.IsFloat())
		}
		if got, err := ParseDType(c.name); err != nil || got != c.dt {
			t.Errorf("ParseDType(%q) = %v, %v; the printed name must parse back", c.name, got, err)
		}
	}
	if Invalid.Valid() || DType(200).Valid() || DType(200).ElemSize() != 0 || DType(200).IsFloat() {
		t.Error("invalid dtypes must not look valid")
	}
	if s := DType(200).String(); s != "dtype(200)" {
		t.Errorf("DType(200).String() = %q", s)
	}
}

func TestParseDType(t *testing.T) {
	for name, want := range map[string]DType{
		"f32": F32, "bf16": BF16, "si64": I64, "i1": Bool, "ui8": U8, "u8": U8, "si8": I8,
		"float16": F16, "torch.bfloat16": BF16, " Float32 ": F32, "bool": Bool, "int32": I32,
		"half": F16, "double": F64, "si16": I16, "long": I64,
	} {
		if got, err := ParseDType(name); err != nil || got != want {
			t.Errorf("ParseDType(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	for _, bad := range []string{"", "f8", "complex64", "ui16", "i128", "tensor"} {
		if _, err := ParseDType(bad); err == nil || !strings.Contains(err.Error(), "unknown dtype") {
			t.Errorf("ParseDType(%q): want an unknown-dtype error, got %v", bad, err)
		}
	}
}

func TestNewShapeStrides(t *testing.T) {
	x := New(F32, 2, 3, 4)
	if x.NumElements() != 24 || len(x.Data) != 96 || x.Validate() != nil {
		t.Fatalf("New(f32, 2,3,4): %d elements, %d bytes, %v", x.NumElements(), len(x.Data), x.Validate())
	}
	if s := x.Strides(); !slices.Equal(s, []int64{12, 4, 1}) {
		t.Errorf("strides %v", s)
	}
	if idx := x.Unravel(23); !slices.Equal(idx, []int64{1, 2, 3}) {
		t.Errorf("Unravel(23) = %v", idx)
	}
	if idx := x.Unravel(13); !slices.Equal(idx, []int64{1, 0, 1}) {
		t.Errorf("Unravel(13) = %v", idx)
	}
	s := New(I64)
	if s.NumElements() != 1 || len(s.Data) != 8 || len(s.Strides()) != 0 {
		t.Errorf("scalar: %d elements, %d bytes", s.NumElements(), len(s.Data))
	}
	e := New(BF16, 0, 5)
	if e.NumElements() != 0 || len(e.Data) != 0 || e.Validate() != nil {
		t.Errorf("empty: %d elements", e.NumElements())
	}
	// New copies the shape: the caller's slice stays theirs.
	shape := []int64{2, 2}
	y := New(F16, shape...)
	shape[0] = 7
	if y.Shape[0] != 2 {
		t.Error("New aliases the caller's shape")
	}
}

func TestNewPanicsOnNegativeDim(t *testing.T) {
	defer func() {
		if p := recover(); p == nil || !strings.Contains(p.(string), "negative dimension") {
			t.Errorf("want a panic naming the negative dimension, got %v", p)
		}
	}()
	New(F32, 2, -1)
}

func TestShapeElements(t *testing.T) {
	for _, c := range []struct {
		shape []int64
		n     int64
		err   string
	}{
		{nil, 1, ""},
		{[]int64{3, 0, 1 << 62}, 0, ""},
		{[]int64{2, 3}, 6, ""},
		{[]int64{2, -3}, 0, "negative dimension in shape [2, -3]"},
		{[]int64{1 << 32, 1 << 32}, 0, "too many elements"},
		{make([]int64, 65), 0, "rank 65 exceeds"},
	} {
		n, err := ShapeElements(c.shape)
		if c.err == "" && (err != nil || n != c.n) || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("ShapeElements(%v) = %d, %v; want %d, %q", c.shape, n, err, c.n, c.err)
		}
	}
}

func TestFromValuesErrors(t *testing.T) {
	if _, err := FromFloat64s(F32, []int64{2, 2}, []float64{1, 2, 3}); err == nil || !strings.Contains(err.Error(), "4 elements but 3 values") {
		t.Errorf("length mismatch: %v", err)
	}
	if _, err := FromInt64s(I32, []int64{-1}, nil); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("negative dim: %v", err)
	}
	if _, err := FromInt64s(Invalid, []int64{1}, []int64{1}); err == nil || !strings.Contains(err.Error(), "invalid dtype") {
		t.Errorf("invalid dtype: %v", err)
	}
	if _, err := FromFloat64s(F64, []int64{1 << 40, 1 << 23}, nil); err == nil {
		t.Error("a shape too large for memory must be an error")
	}
}

func TestFloatAccessors(t *testing.T) {
	vals := []float64{0, -1.5, 3.25, math.Inf(1), math.Inf(-1), 1e-3}
	for _, dt := range []DType{F16, BF16, F32, F64} {
		x, err := FromFloat64s(dt, []int64{2, 3}, vals)
		if err != nil {
			t.Fatal(err)
		}
		got := x.Float64s()
		for i, v := range vals {
			want := v
			switch dt { // rounded once to the storage type
			case F16:
				want = float64(F16ToFloat32(F16FromFloat64(v)))
			case BF16:
				want = float64(BF16ToFloat32(BF16FromFloat64(v)))
			case F32:
				want = float64(float32(v))
			}
			if got[i] != want {
				t.Errorf("%v element %d: got %v, want %v", dt, i, got[i], want)
			}
		}
		x.SetFloat64(0, math.NaN())
		if !math.IsNaN(x.Float64(0)) {
			t.Errorf("%v: NaN did not survive", dt)
		}
		// Int64 of a float truncates toward zero and saturates.
		x.SetFloat64(1, -2.75)
		if x.Int64(1) != -2 || x.Int64(0) != 0 || x.Int64(3) != math.MaxInt64 || x.Int64(4) != math.MinInt64 {
			t.Errorf("%v: Int64 gave %d %d %d %d", dt, x.Int64(1), x.Int64(0), x.Int64(3), x.Int64(4))
		}
		x.SetInt64(5, 7)
		if x.Float64(5) != 7 {
			t.Errorf("%v: SetInt64(7) reads back %v", dt, x.Float64(5))
		}
	}
	// The f16 storage is the pattern itself.
	h, _ := FromFloat64s(F16, nil, []float64{1})
	if le.Uint16(h.Data) != 0x3c00 {
		t.Errorf("f16 1.0 stored as %#x", le.Uint16(h.Data))
	}
	// float64 is rounded once, not through float32 (which would tie here
	// and go to even, 0x3f80).
	b, _ := FromFloat64s(BF16, nil, []float64{1 + 0x1p-8 + 0x1p-40})
	if le.Uint16(b.Data) != 0x3f81 {
		t.Errorf("bf16 of 1+2^-8+2^-40 stored as %#x, want 0x3f81", le.Uint16(b.Data))
	}
}

func TestIntAccessors(t *testing.T) {
	type c struct {
		dt       DType
		in       []int64
		back     []int64 // after storing in
		fromF    []float64
		fromFOut []int64 // SetFloat64 then Int64
	}
	big := []float64{1e30, -1e30, math.NaN(), -3.9, 3.9}
	for _, tc := range []c{
		{I8, []int64{-128, 127, 128, -1}, []int64{-128, 127, -128, -1}, big, []int64{127, -128, 0, -3, 3}},
		{U8, []int64{0, 255, 256, -1}, []int64{0, 255, 0, 255}, big, []int64{255, 0, 0, 0, 3}},
		{I16, []int64{-32768, 32767, 65536 + 5, -1}, []int64{-32768, 32767, 5, -1}, big, []int64{32767, -32768, 0, -3, 3}},
		{I32, []int64{math.MinInt32, math.MaxInt32, 1 << 32, -1}, []int64{math.MinInt32, math.MaxInt32, 0, -1}, big, []int64{math.MaxInt32, math.MinInt32, 0, -3, 3}},
		{I64, []int64{math.MinInt64, math.MaxInt64, 0, -1}, []int64{math.MinInt64, math.MaxInt64, 0, -1}, big, []int64{math.MaxInt64, math.MinInt64, 0, -3, 3}},
		{Bool, []int64{0, 1, 7, -1}, []int64{0, 1, 1, 1}, big, []int64{1, 1, 1, 1, 1}},
	} {
		x, err := FromInt64s(tc.dt, []int64{4}, tc.in)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range tc.back {
			if got := x.Int64(i); got != want {
				t.Errorf("%v: stored %d, read %d, want %d", tc.dt, tc.in[i], got, want)
			}
			if got := x.Float64(i); got != float64(want) {
				t.Errorf("%v: Float64 %v, want %d", tc.dt, got, want)
			}
		}
		y := New(tc.dt, int64(len(tc.fromF)))
		for i, v := range tc.fromF {
			y.SetFloat64(i, v)
			if got := y.Int64(i); got != tc.fromFOut[i] {
				t.Errorf("%v: SetFloat64(%v) reads %d, want %d", tc.dt, v, got, tc.fromFOut[i])
			}
		}
	}
	// NaN is false for bool: SetFloat64 stores v != 0, and NaN != 0.
	b := New(Bool, 1)
	b.SetFloat64(0, 0)
	if b.Int64(0) != 0 {
		t.Error("bool 0.0 should be false")
	}
}

func TestValidate(t *testing.T) {
	if err := (&Tensor{DType: F32, Shape: []int64{2}, Data: make([]byte, 7)}).Validate(); err == nil || !strings.Contains(err.Error(), "has 7 bytes of data, want 8") {
		t.Errorf("short data: %v", err)
	}
	if err := (&Tensor{Shape: []int64{1}, Data: make([]byte, 4)}).Validate(); err == nil || !strings.Contains(err.Error(), "invalid dtype") {
		t.Errorf("zero dtype: %v", err)
	}
	var nilT *Tensor
	if err := nilT.Validate(); err == nil {
		t.Error("nil tensor validated")
	}
}

func TestCheckShape(t *testing.T) {
	x := New(F32, 2, 3)
	if err := CheckShape(x, []int64{2, 3}); err != nil {
		t.Error(err)
	}
	if err := CheckShape(x, []int64{-1, 3}); err != nil {
		t.Errorf("dynamic dim should match: %v", err)
	}
	for _, want := range [][]int64{{3, 2}, {2, 3, 1}, {6}, {-1, 4}} {
		err := CheckShape(x, want)
		if err == nil || !strings.Contains(err.Error(), "shape mismatch: got [2, 3], expected ") {
			t.Errorf("CheckShape against %v: %v", want, err)
		}
	}
	if err := CheckShape(x, []int64{-1, 4}); err == nil || !strings.HasSuffix(err.Error(), "expected [?, 4]") {
		t.Errorf("dynamic dims print as ?: %v", err)
	}
	if err := CheckShape(New(F32), nil); err != nil {
		t.Errorf("scalar: %v", err)
	}
}

func TestFormatShape(t *testing.T) {
	for want, s := range map[string][]int64{"[]": nil, "[5]": {5}, "[2, 3, 4]": {2, 3, 4}} {
		if got := FormatShape(s); got != want {
			t.Errorf("FormatShape(%v) = %q", s, got)
		}
	}
}
