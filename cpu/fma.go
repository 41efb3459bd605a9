package cpu

import "math"

// A fused multiply-add rounds x·y + c once, to the result's type. The
// interpreter holds every float in a float64 register, so for an f64
// result that is math.FMA; for a narrower one (f32, and f16 or bf16 in
// math.fma), rounding math.FMA's float64 result again would round twice,
// and in rare cases (the float64 sum landing exactly halfway between two
// values of the narrow type) differ from the hardware's fused
// instruction. Instead the sum is rounded to odd in float64 (the
// neighbour with an odd last bit where it is inexact), which then rounds
// correctly to any format of at most 51 bits (Boldo and Melquiond,
// "Emulation of FMA and correctly rounded sums: proved algorithms using
// rounding to odd", 2008).

// fusedMulAdd is x·y + c rounded once by r (rounder: nil for float64).
// x, y and c are values of r's type.
func fusedMulAdd(x, y, c float64, r func(float64) float64) float64 {
	if r == nil {
		return math.FMA(x, y, c)
	}
	return r(fmaToOdd(x, y, c))
}

// fmaToOdd is x·y + c rounded to odd in float64, for x and y of at most
// 26 significant bits (their product is exact in float64).
func fmaToOdd(x, y, c float64) float64 {
	p := float64(x * y) // exact; the conversions forbid fusing
	s := float64(p + c)
	if math.IsInf(s, 0) || math.IsNaN(s) {
		return s
	}
	// TwoSum: e is exactly p + c - s.
	bv := float64(s - p)
	e := float64(float64(p-float64(s-bv)) + float64(c-bv))
	bits := math.Float64bits(s)
	if e == 0 || bits&1 == 1 {
		return s
	}
	// s is even and the exact sum lies between s and its neighbour
	// toward e: that neighbour is odd. (s is not zero here: a sum that
	// rounds to zero is exact.)
	if (e > 0) == (s > 0) {
		return math.Float64frombits(bits + 1)
	}
	return math.Float64frombits(bits - 1)
}

// fma32 is the fused multiply-add of float32 values, x·y + c rounded
// once to float32 (as VFMADD231SS and CUDA's fmaf).
func fma32(x, y, c float32) float32 {
	return float32(fmaToOdd(float64(x), float64(y), float64(c)))
}
