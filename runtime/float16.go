package runtime

import "math"

// 16-bit float conversions. runtime may not import ir (which has its own
// f32-based converters for constants), so these are written here. They
// round once, from float64, to nearest with ties to even: rounding an f64
// through f32 first would round twice and can be wrong by one ulp in
// halfway cases, and every float32 is exactly a float64, so the float32
// entry points lose nothing by going through the same code.

// F16FromFloat32 rounds f to the nearest IEEE binary16 (ties to even) and
// returns its bit pattern. Overflow gives ±Inf, underflow ±0 or a
// subnormal; NaN stays NaN (quiet, with the sign and top payload bits kept).
func F16FromFloat32(f float32) uint16 {
	if h, ok := f16FromNormalFloat32(f); ok {
		return h
	}
	return roundToHalf(float64(f), 5, 10)
}

// F16FromFloat64 is F16FromFloat32 for a float64, rounded once.
func F16FromFloat64(f float64) uint16 {
	// A value a float32 holds exactly (a float32 accumulator's, widened)
	// rounds the same from either; the float32 bits round faster.
	if f32 := float32(f); float64(f32) == f {
		if h, ok := f16FromNormalFloat32(f32); ok {
			return h
		}
	}
	return roundToHalf(f, 5, 10)
}

// f16FromNormalFloat32 is the common case of F16FromFloat32 on the bits:
// a magnitude that rounds to a normal binary16 below Inf, from 2^-14 up to
// (not including) 65520, the midpoint above the largest finite binary16.
// Rebiasing the exponent (127 to 15) and rounding the 23 mantissa bits to
// 10 at bit 13, ties to even, is then exact, a carry into the exponent
// included. ok is false for the rest (subnormal results, Inf, NaN).
func f16FromNormalFloat32(f float32) (uint16, bool) {
	u := math.Float32bits(f)
	a := u & 0x7fffffff
	if a < 0x38800000 || a >= 0x477ff000 {
		return 0, false
	}
	a -= 0x38000000 // (127 - 15) << 23
	a += 0xfff + (a>>13)&1
	return uint16(u>>16)&0x8000 | uint16(a>>13), true
}

// BF16FromFloat32 rounds f to the nearest bfloat16 (ties to even). Unlike
// the common "add 0x7fff and shift" trick applied blindly, a signalling NaN
// whose payload sits in the low 16 bits does not turn into Inf: a NaN
// keeps its sign and the top of its payload and is made quiet, as
// roundToHalf makes it (the same bits; small enough to inline, for the
// CPU's conversion loops).
func BF16FromFloat32(f float32) uint16 {
	if u := math.Float32bits(f); u&0x7fffffff > 0x7f800000 {
		return uint16(u>>16) | 0x40
	}
	return bf16FromNumber(f)
}

// BF16FromFloat64 is BF16FromFloat32 for a float64, rounded once.
func BF16FromFloat64(f float64) uint16 {
	// As F16FromFloat64: exact in float32 (never NaN, which compares
	// unequal), the float32 bits round alike and faster.
	if f32 := float32(f); float64(f32) == f {
		return bf16FromNumber(f32)
	}
	return roundToHalf(f, 8, 7)
}

// bf16FromNumber rounds a float32 that is not NaN to bfloat16 on its
// bits: bfloat16 is float32's top half, so rounding the low 16 bits away
// (ties to even) is exact for every such value, subnormals, infinities
// and the carry into Inf included.
func bf16FromNumber(f float32) uint16 {
	u := math.Float32bits(f)
	u += 0x7fff + (u>>16)&1
	return uint16(u >> 16)
}

// F16ToFloat32 widens a binary16 bit pattern exactly.
func F16ToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch exp {
	case 0x1f: // Inf or NaN; the payload moves to the top of the f32 mantissa
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case 0: // zero or subnormal: mant * 2^-24, exact in float32
		f := float32(mant) * (1.0 / (1 << 24))
		if sign != 0 {
			f = -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}

// BF16ToFloat32 widens a bfloat16 bit pattern exactly.
func BF16ToFloat32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// roundToHalf rounds x to a 16-bit binary float with eBits exponent bits
// and mBits stored mantissa bits (1 sign bit; eBits+mBits == 15), ties to
// even, and returns the encoding.
//
// It works on the exact significand of x: shifting it right so that mBits
// fraction bits remain (more for subnormal results) and rounding on the
// bits shifted out. The encoding is then (biased exponent - 1) << mBits
// plus the rounded significand including its leading one, so a rounding
// carry out of the mantissa bumps the exponent by itself, a subnormal that
// rounds up to the smallest normal gets the right encoding, and the
// largest finite value rounding up becomes the Inf pattern.
func roundToHalf(x float64, eBits, mBits uint) uint16 {
	b := math.Float64bits(x)
	sign := uint16(b>>63) << 15
	exp := int((b >> 52) & 0x7ff)
	mant := b & (1<<52 - 1)
	maxExp := uint16(1)<<eBits - 1
	inf := sign | maxExp<<mBits

	if exp == 0x7ff {
		if mant == 0 {
			return inf
		}
		// NaN: set the quiet bit so a payload that lived only in the low
		// bits cannot become zero (which would read as Inf).
		return inf | 1<<(mBits-1) | uint16(mant>>(52-mBits))
	}

	bias := 1<<(eBits-1) - 1
	var sig uint64
	e := exp - 1023
	if exp == 0 { // f64 zero or subnormal: far below any 16-bit subnormal
		if mant == 0 {
			return sign
		}
		sig, e = mant, -1022
	} else {
		sig = mant | 1<<52
	}
	te := e + bias // biased target exponent
	if te >= int(maxExp) {
		return inf
	}
	shift := 52 - mBits
	if te < 1 { // subnormal result: lose 1-te more bits
		shift += uint(1 - te)
		te = 1
	}
	if shift >= 54 {
		// sig < 2^53 <= half of the last kept bit: rounds to zero.
		return sign
	}
	q := sig >> shift
	rest := sig & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rest > half || (rest == half && q&1 == 1) {
		q++
	}
	enc := uint64(te-1)<<mBits + q
	if enc >= uint64(maxExp)<<mBits {
		return inf
	}
	return sign | uint16(enc)
}
