package cpu

// The lane kernels (lanes_amd64.s), for where the CPU has AVX-512: each
// does the first n rounded down to a multiple of 8 lanes (or stops
// earlier, as said) and returns how many it did.

// laneAdd32 (laneSub32, laneMul32, laneDiv32) is d[j] = float64(float32(
// a[j] op b[j])).
//
//go:noescape
func laneAdd32(d, a, b *float64, n int) int

//go:noescape
func laneSub32(d, a, b *float64, n int) int

//go:noescape
func laneMul32(d, a, b *float64, n int) int

//go:noescape
func laneDiv32(d, a, b *float64, n int) int

// laneMax32 (laneMin32) is d[j] = float64(float32(max(a[j], b[j]))) (min),
// Go's max and min: NaN in either gives NaN, -0 < +0.
//
//go:noescape
func laneMax32(d, a, b *float64, n int) int

//go:noescape
func laneMin32(d, a, b *float64, n int) int

// laneExp is d[j] = math.Exp(s[j]), Go's amd64 algorithm on 8 lanes at
// once, the same bits; it stops at a block with a lane outside
// [-700, 700] (or NaN).
//
//go:noescape
func laneExp(d, s *float64, n int) int

// laneErf is d[j] = math.Erf(s[j]), erf.go's algorithm on 8 lanes at
// once; it stops at a block with a lane below 2^-28 in magnitude,
// infinite or NaN.
//
//go:noescape
func laneErf(d, s *float64, n int) int

// laneLoadF32 is d[j] = float64(s[j]).
//
//go:noescape
func laneLoadF32(d *float64, s *float32, n int) int

// laneLoadBF16 is d[j] = the bfloat16 s[j] as a float64.
//
//go:noescape
func laneLoadBF16(d *float64, s *uint16, n int) int

// laneStoreF32 is d[j] = float32(s[j]).
//
//go:noescape
func laneStoreF32(d *float32, s *float64, n int) int

// laneStoreBF16 is d[j] = runtime.BF16FromFloat64(s[j]), stopping at the first
// block of 8 with a lane that is not a float32 value (or is NaN).
//
//go:noescape
func laneStoreBF16(d *uint16, s *float64, n int) int

// laneRoundBF16 is d[j] = the bfloat16 nearest s[j] as a float64,
// stopping as laneStoreBF16.
//
//go:noescape
func laneRoundBF16(d, s *float64, n int) int

// laneCmp (by predicate) is d[j] = a[j] pred b[j] ? -1 : 0, MLIR's cmpf
// predicates as VCMPPD's (ordered ones false on NaN, unordered true).
var laneCmp = map[string]func(d *int64, a, b *float64, n int) int{
	"oeq": laneCmpOEQ,
	"ogt": laneCmpOGT,
	"oge": laneCmpOGE,
	"olt": laneCmpOLT,
	"ole": laneCmpOLE,
	"one": laneCmpONE,
	"ord": laneCmpORD,
	"ueq": laneCmpUEQ,
	"ugt": laneCmpUGT,
	"uge": laneCmpUGE,
	"ult": laneCmpULT,
	"ule": laneCmpULE,
	"une": laneCmpUNE,
	"uno": laneCmpUNO,
}

//go:noescape
func laneCmpOEQ(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpOGT(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpOGE(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpOLT(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpOLE(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpONE(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpORD(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpUEQ(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpUGT(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpUGE(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpULT(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpULE(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpUNE(d *int64, a, b *float64, n int) int

//go:noescape
func laneCmpUNO(d *int64, a, b *float64, n int) int

// laneSelect is d[j] = c[j] != 0 ? a[j] : b[j].
//
//go:noescape
func laneSelect(d, a, b *float64, c *int64, n int) int

// laneLoadF16 is d[j] = the binary16 s[j] as a float64 (VCVTPH2PS: a
// signalling NaN comes out quiet, as from runtime.F16ToFloat32 and a
// float64 register).
//
//go:noescape
func laneLoadF16(d *float64, s *uint16, n int) int

// laneStoreF16 is d[j] = runtime.F16FromFloat64(s[j]) (VCVTPS2PH rounds
// every float32 so), stopping at the first block of 8 with a lane that is
// not a float32 value (or is NaN).
//
//go:noescape
func laneStoreF16(d *uint16, s *float64, n int) int

// laneRoundF16 is d[j] = the binary16 nearest s[j] as a float64,
// stopping as laneStoreF16.
//
//go:noescape
func laneRoundF16(d, s *float64, n int) int
