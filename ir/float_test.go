package ir

import (
	"math"
	"testing"
)

func TestF16RoundTripAllBitPatterns(t *testing.T) {
	// Every finite f16 widens to f32 exactly and narrows back to itself.
	for h := 0; h < 1<<16; h++ {
		f := F16BitsToF32(uint16(h))
		if math.IsNaN(float64(f)) {
			continue
		}
		if got := F32ToF16Bits(f); got != uint16(h) {
			t.Fatalf("f16 %#04x -> %v -> %#04x", h, f, got)
		}
	}
}

func TestF16RoundingTiesToEven(t *testing.T) {
	cases := []struct {
		in   float32
		want uint16
	}{
		{1, 0x3c00},
		{1 + 1.0/2048, 0x3c00},           // halfway between 1 and next: even is 1
		{1 + 3.0/2048, 0x3c02},           // halfway, rounds up to even
		{65504, 0x7bff},                  // max finite
		{65520, 0x7c00},                  // rounds to inf
		{5.960464477539063e-08, 0x0001},  // smallest subnormal
		{2.9802322387695312e-08, 0x0000}, // half of it: ties to even (zero)
		{-2, 0xc000},
	}
	for _, c := range cases {
		if got := F32ToF16Bits(c.in); got != c.want {
			t.Errorf("F32ToF16Bits(%v) = %#04x, want %#04x", c.in, got, c.want)
		}
	}
}

func TestBF16Rounding(t *testing.T) {
	cases := []struct {
		in   uint32
		want uint16
	}{
		{0x3f800000, 0x3f80},
		{0x3f808000, 0x3f80}, // tie, even stays
		{0x3f818000, 0x3f82}, // tie, odd rounds up
		{0x3f808001, 0x3f81},
		{0x7f800000, 0x7f80},
	}
	for _, c := range cases {
		if got := F32ToBF16Bits(math.Float32frombits(c.in)); got != c.want {
			t.Errorf("F32ToBF16Bits(%#08x) = %#04x, want %#04x", c.in, got, c.want)
		}
	}
	if !math.IsNaN(float64(BF16BitsToF32(F32ToBF16Bits(float32(math.NaN()))))) {
		t.Error("nan must stay nan in bf16")
	}
}

func TestFormatFloat(t *testing.T) {
	// Expectations are what mlir-opt 16 prints for the same constants.
	cases := []struct {
		v    float64
		k    FloatKind
		want string
	}{
		{1, F32, "1.000000e+00"},
		{float64(float32(0.1)), F32, "1.000000e-01"},
		{math.Copysign(0, -1), F32, "-0.000000e+00"},
		{math.Inf(1), F32, "0x7F800000"},
		{math.Inf(-1), F32, "0xFF800000"},
		{math.NaN(), F32, "0x7FC00000"},
		{math.Inf(1), F64, "0x7FF0000000000000"},
		{math.Inf(1), F16, "0x7C00"},
		{2.5, F64, "2.500000e+00"},
	}
	for _, c := range cases {
		if got := FormatFloat(c.v, c.k); got != c.want {
			t.Errorf("FormatFloat(%v, %v) = %s, want %s", c.v, c.k, got, c.want)
		}
	}
	// Values that need more than 6 digits still read back exactly.
	for _, v := range []float64{1.0 / 3, 123456.789, 1e-30} {
		for _, k := range []FloatKind{F16, BF16, F32, F64} {
			r := RoundToFloatType(v, k)
			if math.IsInf(r, 0) {
				continue // prints as hex bits
			}
			if !readsBackAs(FormatFloat(r, k), r, k) {
				t.Errorf("FormatFloat(%v, %v) = %s does not read back", r, k, FormatFloat(r, k))
			}
		}
	}
}

func TestTypeStrings(t *testing.T) {
	cases := []struct {
		t    Type
		want string
	}{
		{Tensor(F32T, 2, Dynamic, 4), "tensor<2x?x4xf32>"},
		{Tensor(BF16T), "tensor<bf16>"},
		{UnrankedTensorType{Elem: I8}, "tensor<*xi8>"},
		{FunctionType{Inputs: []Type{I32}, Results: []Type{F32T}}, "(i32) -> f32"},
		{FunctionType{Inputs: nil, Results: nil}, "() -> ()"},
		{FunctionType{Results: []Type{I1, Index}}, "() -> (i1, index)"},
		{IntegerType{Width: 8, Signedness: Unsigned}, "ui8"},
		{OpaqueType{Dialect: "torch", Name: "vtensor", Body: "[2,3],f32"}, "!torch.vtensor<[2,3],f32>"},
	}
	for _, c := range cases {
		if got := c.t.String(); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	if !TypeEqual(Tensor(F32T, 2), Tensor(F32T, 2)) || TypeEqual(Tensor(F32T, 2), Tensor(F16T, 2)) {
		t.Error("TypeEqual on tensors is wrong")
	}
}

func TestDenseElements(t *testing.T) {
	d, err := NewDenseFloats(Tensor(F32T, 2, 2), []float64{1, 2.5, -3, 0})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "dense<[[1.000000e+00, 2.500000e+00], [-3.000000e+00, 0.000000e+00]]> : tensor<2x2xf32>"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	s, _ := NewDenseInts(Tensor(I1, 3), []int64{1})
	if got, want := s.String(), "dense<true> : tensor<3xi1>"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	neg, _ := NewDenseInts(Tensor(I8, 2), []int64{-1, 127})
	if neg.Int(0) != -1 || neg.Int(1) != 127 {
		t.Errorf("sign extension: %d %d", neg.Int(0), neg.Int(1))
	}
	if _, err := NewDenseFloats(Tensor(F32T, 3), []float64{1, 2}); err == nil {
		t.Error("wrong element count must fail")
	}
	z, _ := NewDenseFloats(Tensor(F16T, 4), []float64{0})
	if !z.IsZero() || !z.Splat {
		t.Error("zero splat")
	}
}

func TestDictionarySortedAndQuoted(t *testing.T) {
	d := NewDictionary([]NamedAttr{{"b", I64Attr(1)}, {"a", UnitAttr{}}, {"has space", StringAttr("x\"y\n")}})
	if got, want := d.String(), `{a, b = 1 : i64, "has space" = "x\"y\0A"}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
