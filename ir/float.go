package ir

import "math"

// Float16 and bfloat16 conversions with IEEE round-to-nearest-even. They are
// the single place where 16-bit floats are encoded, so dense constants,
// float attributes and (later) host tensors all round the same way.

// F32ToF16Bits rounds a float32 to the nearest binary16, ties to even.
func F32ToF16Bits(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff { // inf or nan
		if mant != 0 {
			return sign | 0x7e00 | uint16(mant>>13)
		}
		return sign | 0x7c00
	}
	e := exp - 127 + 15
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 {
		if e < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint32(14 - e)
		half := uint32(1) << (shift - 1)
		rest := mant & ((1 << shift) - 1)
		m := mant >> shift
		if rest > half || (rest == half && m&1 == 1) {
			m++
		}
		return sign | uint16(m)
	}
	m := mant >> 13
	rest := mant & 0x1fff
	out := uint32(e)<<10 | m
	if rest > 0x1000 || (rest == 0x1000 && m&1 == 1) {
		out++ // may carry into the exponent, which is the correct result
	}
	return sign | uint16(out)
}

// F16BitsToF32 widens a binary16 exactly.
func F16BitsToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0:
		if mant == 0 {
			return math.Float32frombits(sign)
		}
		f := float32(mant) / (1 << 24)
		if sign != 0 {
			f = -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}

// F32ToBF16Bits rounds a float32 to the nearest bfloat16, ties to even.
func F32ToBF16Bits(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 { // nan: keep it quiet and nan
		return uint16(b>>16) | 0x40
	}
	b += 0x7fff + (b>>16)&1
	return uint16(b >> 16)
}

// BF16BitsToF32 widens a bfloat16 exactly.
func BF16BitsToF32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// RoundToFloatType rounds v to the precision of the float kind and returns
// it widened back to float64.
func RoundToFloatType(v float64, k FloatKind) float64 {
	switch k {
	case F16:
		return float64(F16BitsToF32(F32ToF16Bits(roundF64ToF32(v))))
	case BF16:
		return float64(BF16BitsToF32(F32ToBF16Bits(roundF64ToF32(v))))
	case F32:
		return float64(float32(v))
	}
	return v
}

// roundF64ToF32 narrows with Go's conversion, which rounds to nearest even.
// Double rounding through f32 can differ from a direct f64→f16 rounding in
// rare halfway cases; literals in IR text are short decimals for which it
// does not matter, and exact bit patterns use the hex form.
func roundF64ToF32(v float64) float32 { return float32(v) }

// FloatBits returns the IEEE bit pattern of v in the given float kind.
func FloatBits(v float64, k FloatKind) uint64 {
	switch k {
	case F16:
		return uint64(F32ToF16Bits(float32(v)))
	case BF16:
		return uint64(F32ToBF16Bits(float32(v)))
	case F32:
		return uint64(math.Float32bits(float32(v)))
	}
	return math.Float64bits(v)
}

// FloatFromBits decodes an IEEE bit pattern of the given float kind.
func FloatFromBits(bits uint64, k FloatKind) float64 {
	switch k {
	case F16:
		return float64(F16BitsToF32(uint16(bits)))
	case BF16:
		return float64(BF16BitsToF32(uint16(bits)))
	case F32:
		return float64(math.Float32frombits(uint32(bits)))
	}
	return math.Float64frombits(bits)
}
