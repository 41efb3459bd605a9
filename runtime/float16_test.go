package runtime

import (
	"math"
	"testing"
)

// f16Value decodes a binary16 pattern from its definition, independently
// of F16ToFloat32: (-1)^s * 2^(e-15) * (1 + m/1024), or m * 2^-24 for e = 0.
func f16Value(h uint16) float64 {
	s, e, m := h>>15, int(h>>10)&0x1f, float64(h&0x3ff)
	var v float64
	switch e {
	case 0x1f:
		if m != 0 {
			return math.NaN()
		}
		v = math.Inf(1)
	case 0:
		v = math.Ldexp(m, -24)
	default:
		v = math.Ldexp(1+m/1024, e-15)
	}
	if s == 1 {
		v = -v
	}
	return v
}

// bf16Value decodes a bfloat16 pattern from its definition.
func bf16Value(h uint16) float64 {
	s, e, m := h>>15, int(h>>7)&0xff, float64(h&0x7f)
	var v float64
	switch e {
	case 0xff:
		if m != 0 {
			return math.NaN()
		}
		v = math.Inf(1)
	case 0:
		v = math.Ldexp(m, -133)
	default:
		v = math.Ldexp(1+m/128, e-127)
	}
	if s == 1 {
		v = -v
	}
	return v
}

func isNaN16(h uint16, mBits uint) bool {
	expMask := uint16(0x7fff) &^ (1<<mBits - 1)
	return h&expMask == expMask && h&(1<<mBits-1) != 0
}

// TestF16AllPatterns checks every one of the 65536 binary16 patterns:
// widening is exact, narrowing the widened value gives the pattern back
// (from float32 and from float64), and NaN stays NaN with its sign and
// quiet payload.
func TestF16AllPatterns(t *testing.T) {
	for i := 0; i < 1<<16; i++ {
		h := uint16(i)
		f := F16ToFloat32(h)
		want := f16Value(h)
		if math.IsNaN(want) {
			if !math.IsNaN(float64(f)) {
				t.Fatalf("F16ToFloat32(%#04x) = %v, want NaN", h, f)
			}
			for _, got := range []uint16{F16FromFloat32(f), F16FromFloat64(float64(f))} {
				if !isNaN16(got, 10) || got&0x8000 != h&0x8000 || got != h|0x200 {
					t.Fatalf("NaN %#04x narrowed to %#04x, want the quiet NaN %#04x", h, got, h|0x200)
				}
			}
			continue
		}
		if float64(f) != want || math.Signbit(float64(f)) != (h&0x8000 != 0) {
			t.Fatalf("F16ToFloat32(%#04x) = %v, want %v", h, f, want)
		}
		if got := F16FromFloat32(f); got != h {
			t.Fatalf("F16FromFloat32(%v) = %#04x, want %#04x", f, got, h)
		}
		if got := F16FromFloat64(want); got != h {
			t.Fatalf("F16FromFloat64(%v) = %#04x, want %#04x", want, got, h)
		}
	}
}

// TestBF16AllPatterns is TestF16AllPatterns for bfloat16.
func TestBF16AllPatterns(t *testing.T) {
	for i := 0; i < 1<<16; i++ {
		h := uint16(i)
		f := BF16ToFloat32(h)
		want := bf16Value(h)
		if math.IsNaN(want) {
			if !math.IsNaN(float64(f)) {
				t.Fatalf("BF16ToFloat32(%#04x) = %v, want NaN", h, f)
			}
			for _, got := range []uint16{BF16FromFloat32(f), BF16FromFloat64(float64(f))} {
				if got != h|0x40 {
					t.Fatalf("NaN %#04x narrowed to %#04x, want the quiet NaN %#04x", h, got, h|0x40)
				}
			}
			continue
		}
		if float64(f) != want || math.Signbit(float64(f)) != (h&0x8000 != 0) {
			t.Fatalf("BF16ToFloat32(%#04x) = %v, want %v", h, f, want)
		}
		if got := BF16FromFloat32(f); got != h {
			t.Fatalf("BF16FromFloat32(%v) = %#04x, want %#04x", f, got, h)
		}
		if got := BF16FromFloat64(want); got != h {
			t.Fatalf("BF16FromFloat64(%v) = %#04x, want %#04x", want, got, h)
		}
	}
}

// checkMidpoints rounds the exact midpoint between every pair of adjacent
// finite values (and the points one float32/float64 ulp either side of
// it), positive and negative, and checks round-to-nearest-even. The value
// past the largest finite one is the next power of two, so rounding up to
// it must give Inf, as IEEE requires.
func checkMidpoints(t *testing.T, name string, maxFinite uint16, value func(uint16) float64,
	from32 func(float32) uint16, from64 func(float64) uint16) {
	t.Helper()
	for h := uint16(0); h <= maxFinite; h++ {
		lo := value(h)
		var hi float64
		if h == maxFinite {
			hi = nextPow2(lo)
		} else {
			hi = value(h + 1)
		}
		mid := (lo + hi) / 2 // exact: one bit more than the 16-bit format needs
		even := h
		if h&1 == 1 {
			even = h + 1
		}
		for _, sign := range []float64{1, -1} {
			sb := uint16(0)
			if sign < 0 {
				sb = 0x8000
			}
			m := sign * mid
			if float64(float32(m)) != m {
				t.Fatalf("%s: midpoint %v not exact in float32", name, m)
			}
			cases := []struct {
				x    float64
				want uint16
			}{
				{m, even | sb},
				{float64(math.Nextafter32(float32(m), float32(sign*math.Inf(1)))), (h + 1) | sb},
				{float64(math.Nextafter32(float32(m), 0)), h | sb},
			}
			for _, c := range cases {
				if got := from32(float32(c.x)); got != c.want {
					t.Fatalf("%s from float32 %v (between %#04x and %#04x): got %#04x, want %#04x", name, c.x, h, h+1, got, c.want)
				}
			}
			// float64 inputs a hair off the midpoint: rounding through
			// float32 would land on the midpoint and tie; one rounding must
			// not.
			up := math.Nextafter(m, sign*math.Inf(1))
			down := math.Nextafter(m, 0)
			if got := from64(up); got != (h+1)|sb {
				t.Fatalf("%s from float64 %v: got %#04x, want %#04x", name, up, got, (h+1)|sb)
			}
			if got := from64(down); got != h|sb {
				t.Fatalf("%s from float64 %v: got %#04x, want %#04x", name, down, got, h|sb)
			}
		}
	}
}

func nextPow2(x float64) float64 {
	_, e := math.Frexp(x)
	return math.Ldexp(1, e)
}

func TestF16RoundingAllMidpoints(t *testing.T) {
	checkMidpoints(t, "f16", 0x7bff, f16Value, F16FromFloat32, F16FromFloat64)
}

func TestBF16RoundingAllMidpoints(t *testing.T) {
	checkMidpoints(t, "bf16", 0x7f7f, bf16Value, BF16FromFloat32, BF16FromFloat64)
}

// TestBF16KnownCases pins float32 bit patterns whose bf16 results are
// well known (they match PyTorch's c10::BFloat16 and ml_dtypes), including
// the cases a truncating or naive rounding implementation gets wrong.
func TestBF16KnownCases(t *testing.T) {
	cases := []struct {
		in   uint32
		want uint16
		why  string
	}{
		{0x3f800000, 0x3f80, "1.0 is exact"},
		{0x3f808000, 0x3f80, "1 + 2^-8 is a tie: to even (down)"},
		{0x3f818000, 0x3f82, "tie with odd low bit: to even (up)"},
		{0x3f808001, 0x3f81, "just above the tie: up"},
		{0x3f807fff, 0x3f80, "just below the tie: down"},
		{0x40490fdb, 0x4049, "pi rounds down to 3.140625"},
		{0xbf800000, 0xbf80, "-1.0"},
		{0x7f7fffff, 0x7f80, "max float32 rounds up to Inf"},
		{0x7f7f7fff, 0x7f7f, "just below the last tie: max bf16"},
		{0x7f7f8000, 0x7f80, "tie above max bf16 (odd): Inf"},
		{0x7f800000, 0x7f80, "+Inf"},
		{0xff800000, 0xff80, "-Inf"},
		{0x7fc00000, 0x7fc0, "quiet NaN"},
		{0x7f800001, 0x7fc0, "signalling NaN with a low payload stays NaN, not Inf"},
		{0xffc00000, 0xffc0, "negative NaN keeps its sign"},
		{0x00000001, 0x0000, "smallest float32 subnormal underflows"},
		{0x00008000, 0x0000, "subnormal tie: to even (zero)"},
		{0x00018000, 0x0002, "subnormal tie: to even (up)"},
		{0x007fffff, 0x0080, "largest subnormal rounds up to the smallest normal"},
		{0x80000000, 0x8000, "-0 keeps its sign"},
	}
	for _, c := range cases {
		f := math.Float32frombits(c.in)
		if got := BF16FromFloat32(f); got != c.want {
			t.Errorf("BF16FromFloat32(%#08x) = %#04x, want %#04x (%s)", c.in, got, c.want, c.why)
		}
		if got := BF16FromFloat64(float64(f)); got != c.want {
			t.Errorf("BF16FromFloat64(%#08x) = %#04x, want %#04x (%s)", c.in, got, c.want, c.why)
		}
	}
}

// TestF16KnownCases pins float32 values around the edges of binary16.
func TestF16KnownCases(t *testing.T) {
	cases := []struct {
		in   float32
		want uint16
	}{
		{1, 0x3c00},
		{65504, 0x7bff},
		{65519.996, 0x7bff}, // below the tie with 65536
		{65520, 0x7c00},     // tie with the odd max: Inf
		{1e10, 0x7c00},
		{0x1p-14, 0x0400},        // smallest normal
		{0x1p-24, 0x0001},        // smallest subnormal
		{0x1p-25, 0x0000},        // tie with zero: to even
		{0x1.000002p-25, 0x0001}, // just above the tie
		{0x3p-25, 0x0002},        // 1.5 * 2^-24 ties to 2 * 2^-24
		{0x3p-26, 0x0001},        // 0.75 * 2^-24 rounds up to 2^-24
		{-0x1p-26, 0x8000},       // underflow keeps the sign
		{0x1.ffcp-15, 0x0400},    // largest subnormal region rounding into the normals
		{float32(math.Inf(-1)), 0xfc00},
		{1e-45, 0},
	}
	for _, c := range cases {
		if got := F16FromFloat32(c.in); got != c.want {
			t.Errorf("F16FromFloat32(%v) = %#04x, want %#04x", c.in, got, c.want)
		}
	}
}

// TestConversionOracle checks both roundings against numpy's float16 cast
// and PyTorch's bfloat16 cast on 1,621 float32 values (edges, exact
// midpoints of both formats and their neighbours, random bit patterns, and
// normal samples over many decades); see testdata_test.go for how the
// files were made.
func TestConversionOracle(t *testing.T) {
	in, err := ReadNPYFile("testdata/conv_in_f32.npy", F32)
	if err != nil {
		t.Fatal(err)
	}
	f16, err := ReadNPYFile("testdata/conv_f16.npy", F16)
	if err != nil {
		t.Fatal(err)
	}
	bf16, err := ReadNPYFile("testdata/conv_bf16.npy", BF16)
	if err != nil {
		t.Fatal(err)
	}
	n := in.NumElements()
	if n < 1000 || f16.NumElements() != n || bf16.NumElements() != n {
		t.Fatalf("oracle files disagree in size: %d, %d, %d", n, f16.NumElements(), bf16.NumElements())
	}
	for i := 0; i < n; i++ {
		x := math.Float32frombits(le.Uint32(in.Data[4*i:]))
		wantH, wantB := le.Uint16(f16.Data[2*i:]), le.Uint16(bf16.Data[2*i:])
		if gotH := F16FromFloat32(x); gotH != wantH && !(isNaN16(gotH, 10) && isNaN16(wantH, 10)) {
			t.Errorf("f16(%v = %#08x) = %#04x, numpy says %#04x", x, math.Float32bits(x), gotH, wantH)
		}
		if gotB := BF16FromFloat32(x); gotB != wantB && !(isNaN16(gotB, 7) && isNaN16(wantB, 7)) {
			t.Errorf("bf16(%v = %#08x) = %#04x, PyTorch says %#04x", x, math.Float32bits(x), gotB, wantB)
		}
	}
	// Reading the float32 file as f16/bf16 rounds the same way.
	for _, c := range []struct {
		dt  DType
		ref *Tensor
	}{{F16, f16}, {BF16, bf16}} {
		conv, err := ReadNPYFile("testdata/conv_in_f32.npy", c.dt)
		if err != nil {
			t.Fatal(err)
		}
		if r := Compare(conv, c.ref, Tolerance{}); !r.Match {
			t.Errorf("reading float32 as %v: %v", c.dt, r)
		}
	}
}

// The bit-level fast paths of F16FromFloat32, BF16FromFloat32 and their
// float64 forms agree with the general rounding (roundToHalf) on every
// float32 near a rounding decision: for each exponent, sign and a spread
// of high mantissa bits, the low bits at and around the midpoint, the
// even/odd cases, and the edges of the fast paths' ranges; plus a strided
// sweep of all 2^32 patterns.
func TestFastNarrowingMatchesGeneral(t *testing.T) {
	check := func(u uint32) {
		f := math.Float32frombits(u)
		x := float64(f)
		if got, want := F16FromFloat32(f), roundToHalf(x, 5, 10); got != want {
			t.Fatalf("F16FromFloat32(%#08x) = %#04x, want %#04x", u, got, want)
		}
		if got, want := F16FromFloat64(x), roundToHalf(x, 5, 10); got != want {
			t.Fatalf("F16FromFloat64(%#08x) = %#04x, want %#04x", u, got, want)
		}
		if got, want := BF16FromFloat32(f), roundToHalf(x, 8, 7); got != want {
			t.Fatalf("BF16FromFloat32(%#08x) = %#04x, want %#04x", u, got, want)
		}
		if got, want := BF16FromFloat64(x), roundToHalf(x, 8, 7); got != want {
			t.Fatalf("BF16FromFloat64(%#08x) = %#04x, want %#04x", u, got, want)
		}
	}
	for e := uint32(0); e < 256; e++ {
		for _, sign := range []uint32{0, 1 << 31} {
			for hi := uint32(0); hi < 1<<10; hi += 37 {
				base := sign | e<<23 | hi<<13
				for _, lo := range []uint32{0, 1, 0xfff, 0x1000, 0x1001, 0x1fff, 0x2000 | 0xfff, 0x2000 | 0x1000, 0x2000 | 0x1001} {
					check(base | lo)
				}
				for _, lo := range []uint32{0x7fff, 0x8000, 0x8001, 0xffff, 0x10000 | 0x8000, 0x10000 | 0x7fff} {
					check(sign | e<<23 | (hi<<13)&0x7f0000 | lo)
				}
			}
		}
	}
	for _, u := range []uint32{0x38800000, 0x387fffff, 0x477ff000, 0x477fefff, 0x477fffff, 0x7f7fffff, 0x7f800000, 0x7f800001, 0x7fc00000, 0x00000001, 0x007fffff} {
		check(u)
		check(u | 1<<31)
	}
	for u := uint64(0); u < 1<<32; u += 65521 {
		check(uint32(u))
	}
	// Values not exact in float32 take the general path: a float64 just
	// above a float32 midpoint must round up, not to the float32's even.
	mid := float64(math.Float32frombits(0x3f808000)) // 1 + 2^-8: a bf16 tie
	if got := BF16FromFloat64(mid + 1e-12); got != 0x3f81 {
		t.Errorf("BF16FromFloat64(just above a tie) = %#04x, want 0x3f81", got)
	}
}
