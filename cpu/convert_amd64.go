package cpu

// narrowBF16s rounds src[:n] to bfloat16 in dst (as runtime.BF16FromFloat32) 16 elements
// at a time with AVX-512, up to the first block of 16 that holds a NaN
// (whose payload the caller rounds in Go), and returns how many it
// converted: a multiple of 16, at most n.
//
//go:noescape
func narrowBF16s(dst *uint16, src *float32, n int) int

// widenBF16s widens src[:n] exactly to float32 in dst, 16 elements at a
// time with AVX-512, and returns how many it converted: n rounded down to
// a multiple of 16. Lane i of mags[0:16] keeps the greatest magnitude
// it saw and of mags[16:32] the least nonzero one (from their values on
// entry: zero and 0xffff to start).
//
//go:noescape
func widenBF16s(dst *float32, src *uint16, n int, mags *[32]uint32) int

// widenF16s is widenBF16s for binary16 (VCVTPH2PS).
//
//go:noescape
func widenF16s(dst *float32, src *uint16, n int, mags *[32]uint32) int

// narrowF16s rounds src[:n] to binary16 in dst (VCVTPS2PH, ties to even),
// 16 elements at a time, and returns how many it converted: n rounded
// down to a multiple of 16.
//
//go:noescape
func narrowF16s(dst *uint16, src *float32, n int) int
