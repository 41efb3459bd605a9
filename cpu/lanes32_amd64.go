package cpu

// The float32 lane kernels (lanes32_amd64.s), for where the CPU has
// AVX-512: each does the first n rounded down to a multiple of 16 lanes
// and returns how many it did.

// lane32Add (lane32Sub, lane32Mul, lane32Div) is d[j] = a[j] op b[j].
//
//go:noescape
func lane32Add(d, a, b *float32, n int) int

//go:noescape
func lane32Sub(d, a, b *float32, n int) int

//go:noescape
func lane32Mul(d, a, b *float32, n int) int

//go:noescape
func lane32Div(d, a, b *float32, n int) int

// lane32Max (lane32Min) is d[j] = max(a[j], b[j]) (min), Go's max and
// min: NaN in either gives NaN, -0 < +0.
//
//go:noescape
func lane32Max(d, a, b *float32, n int) int

//go:noescape
func lane32Min(d, a, b *float32, n int) int

// lane32Fill is d[j] = v (a broadcast operand's lanes, an NCHW batch
// norm's per-channel value: doubling copies were 8 calls for 256 lanes).
//
//go:noescape
func lane32Fill(d *float32, v float32, n int) int

// lane32Select is d[j] = c[j] != 0 ? a[j] : b[j].
//
//go:noescape
func lane32Select(d, a, b *float32, c *int32, n int) int

// lane32Cmp (by predicate) is d[j] = a[j] pred b[j] ? -1 : 0, MLIR's
// cmpf predicates as VCMPPS's (ordered ones false on NaN, unordered
// true).
var lane32Cmp = map[string]func(d *int32, a, b *float32, n int) int{
	"oeq": lane32CmpOEQ,
	"ogt": lane32CmpOGT,
	"oge": lane32CmpOGE,
	"olt": lane32CmpOLT,
	"ole": lane32CmpOLE,
	"one": lane32CmpONE,
	"ord": lane32CmpORD,
	"ueq": lane32CmpUEQ,
	"ugt": lane32CmpUGT,
	"uge": lane32CmpUGE,
	"ult": lane32CmpULT,
	"ule": lane32CmpULE,
	"une": lane32CmpUNE,
	"uno": lane32CmpUNO,
}

//go:noescape
func lane32CmpOEQ(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpOGT(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpOGE(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpOLT(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpOLE(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpONE(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpORD(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpUEQ(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpUGT(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpUGE(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpULT(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpULE(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpUNE(d *int32, a, b *float32, n int) int

//go:noescape
func lane32CmpUNO(d *int32, a, b *float32, n int) int
