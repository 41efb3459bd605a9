package cpu

// The AVX tile kernel (kern_amd64.s): float32 only, vectorised along the
// n loop, bit-for-bit the scalar arithmetic.

//go:noescape
func kern4x16(a, b *float32, c *[64]float32, k int)

// kern4x16r is kern4x16 reading the first factor in place: row i at
// reduction point r is the float32 at byte address a + offs[i] + ra[r].
//
//go:noescape
func kern4x16r(a *float32, offs *[4]int, ra *int, b *float32, c *[64]float32, k int)

// kern16x4 is the transposed tile: 16 rows in the lanes, 4 columns;
// row i of reduction point r is the float32 at byte address a + ra[r] +
// 4i, b a packed [k][4] panel, c column-major (c[j*16+i]).
//
//go:noescape
func kern16x4(a *float32, ra *int, b *float32, c *[64]float32, k int)

// kern8x4runs is four runs of 8 consecutive rows in the lanes, one
// column: c[i*8+j] += a[offs[i]+ra[r]+4j] · b[boff+rb[r]], byte offsets, both
// factors read in place.
//
//go:noescape
func kern8x4runs(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[32]float32, k int)

// kern16x4runs is kern8x4runs with 16 rows a run (AVX-512), reading
// and writing the output in place: lane j of run i adds a[offs[i]+ra[r]
// +4j] · b[boff+rb[r]] (byte offsets) to out[outs[i]+4j], the lanes
// where bit 16i+j of masks is set; the others touch no memory. load 0:
// the sums start at zero instead of the output's values.
//
//go:noescape
func kern16x4runs(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, load int, k int)

//go:noescape
func kern16x4runsf(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, load int, k int)

// kern16x4lanes is four rows of 16 groups side by side (AVX-512):
// c[i*16+j] += a[offs[i]+ra[r]+4j] · b[boff+rb[r]+4j], byte offsets into
// panels that hold each point's 16 groups in a row.
//
//go:noescape
func kern16x4lanes(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[64]float32, k int)

//go:noescape
func kern16x4lanesf(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[64]float32, k int)

// addRows4x16 adds b[j] to c[i*16+j] for the tile's four rows i.
//
//go:noescape
func addRows4x16(c *[64]float32, b *[16]float32)

// storeT4x16 stores the row-major 4x16 tile c transposed: dst[j*stride
// + 4i] = c[i*16+j], stride in bytes, one 16-byte store per column.
//
//go:noescape
func storeT4x16(dst *float32, stride int, c *[64]float32)

// transpose8x8 writes column j of the 8x8 block of float32s whose rows
// start at src + i*ss to the row at dst + j*ds (strides in bytes): a
// transposing copy's or a transposing pack's block, 8 loads and 8 stores
// of 32 bytes (AVX) instead of 64 scalar moves.
//
//go:noescape
func transpose8x8(dst *float32, ds int, src *float32, ss int)

// transpose16x16 is transpose8x8 on a 16x16 block (AVX-512): dst row j
// (16 elements at dst + j*ds) gets column j of the 16 rows at src +
// i*ss, strides in bytes; each row one 64-byte load or store.
//
//go:noescape
func transpose16x16(dst *float32, ds int, src *float32, ss int)

// prefetchLines prefetches n cache lines from p on (PREFETCHT1: into
// L2 and outward).
//
//go:noescape
func prefetchLines(p *float32, n int)

// prefetchWLines prefetches n cache lines from p on to be written
// (PREFETCHW: owned, so that the stores need not ask for them).
//
//go:noescape
func prefetchWLines(p *float32, n int)

// addBcastRows4x16 adds b[i] to the 16 elements of row i of the tile c,
// for its four rows: a bias per row, each sum rounded once.
//
//go:noescape
func addBcastRows4x16(c *[64]float32, b *[4]float32)

// sqDevT16x16 adds (column j − mean)² of the 16x16 block at src (rows ss
// bytes apart) to acc for j in turn, lane i row i's, each operation
// rounded alone.
//
//go:noescape
func sqDevT16x16(acc *[16]float32, src *float32, ss int, mean *[16]float32)

// mulDevT16x16 adds s·(x − mean) of column j of the 16x16 block at src
// (rows ss bytes apart), s the element in the same place of the block at
// scale (rows as far apart), to acc for j in turn, lane i row i's, each
// operation rounded alone.
//
//go:noescape
func mulDevT16x16(acc *[16]float32, src, scale *float32, ss int, mean *[16]float32)

// sumT16x16 adds column j of the 16x16 block at src (row i at src +
// i*ss, ss in bytes) to acc, j = 0 to 15 in turn: lane i sums row i's
// elements in order, acc the first source of each add.
//
//go:noescape
func sumT16x16(acc *[16]float32, src *float32, ss int)

// sumCols16 adds the 16 consecutive floats at a + offs[i] (offs in
// bytes) to acc for i = 0 to n-1 in turn: lane l sums the elements l
// floats past each offset in order, acc the first source of each add (a
// column sum: a bias gradient's Σ over rows into consecutive outputs).
//
//go:noescape
func sumCols16(acc *[16]float32, a *float32, offs *int, n int)

// sumCols16d is sumCols16 into float64 accumulators: each float
// widened, each add rounded to float64.
//
//go:noescape
func sumCols16d(acc *[16]float64, a *float32, offs *int, n int)

// sumT16x16d is sumT16x16 into float64 accumulators: each element
// widened, each add rounded to float64.
//
//go:noescape
func sumT16x16d(acc *[16]float64, src *float32, ss int)

// sqDevT16x16d is sqDevT16x16 into float64 accumulators: each deviation
// squared in float32, widened, added in float64.
//
//go:noescape
func sqDevT16x16d(acc *[16]float64, src *float32, ss int, mean *[16]float32)

// mulDevT16x16d is mulDevT16x16 into float64 accumulators: each scaled
// deviation formed in float32, widened, added in float64.
//
//go:noescape
func mulDevT16x16d(acc *[16]float64, src, scale *float32, ss int, mean *[16]float32)

// kern16x8 is kern16x4 on both n tiles of a narrow contraction at once
// (AVX-512): 16 rows in one 16-lane register, 4 columns from each of the
// panels b0 and b1, c the two column-major tiles one after the other;
// same bits. The f forms fuse, the z forms start from zero sums.
//
//go:noescape
func kern16x8(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int)

//go:noescape
func kern16x8f(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int)

//go:noescape
func kern16x8z(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int)

//go:noescape
func kern16x8zf(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int)

// kern16x4x4lanes is kern16x4lanes on four columns at once: their
// panels bstride bytes apart from b, c [column][row][16]; same bits.
//
//go:noescape
func kern16x4x4lanes(a *float32, offs *[4]int, ra *int, b *float32, boff, bstride int, rb *int, c *[256]float32, k int)

//go:noescape
func kern16x4x4lanesf(a *float32, offs *[4]int, ra *int, b *float32, boff, bstride int, rb *int, c *[256]float32, k int)

// kern16x9lanes is kern16x4lanes for a 3x3 window's nine rows at once:
// three runs of three consecutive elements from a + offs[i], c the nine
// rows' lanes; same bits.
//
//go:noescape
func kern16x9lanes(a *float32, offs *[3]int, ra *int, b *float32, boff int, rb *int, c *[144]float32, k int)

//go:noescape
func kern16x9lanesf(a *float32, offs *[3]int, ra *int, b *float32, boff int, rb *int, c *[144]float32, k int)

// dotFMA32 is one output's fused dot product in hardware (FMA3): acc +
// Σ a[pa+ra[r]]·b[pb+rb[r]], each term rounded once, in order of r.
//
//go:noescape
func dotFMA32(a *float32, pa int, ra *int, b *float32, pb int, rb *int, k int, acc float32) float32

// kern8x16 is kern4x16 on two row tiles of one n tile (AVX-512): rows
// 0-3 from the panel a0 into c0, rows 4-7 from a1 into c1, 16 lanes a
// row; same bits.
//
//go:noescape
func kern8x16(a0, a1, b *float32, c0, c1 *[64]float32, k int)

//go:noescape
func kern8x16f(a0, a1, b *float32, c0, c1 *[64]float32, k int)

// kern8x16r is kern8x16 reading the first factor in place (as
// kern4x16r): rows a + offs0[i] into c0, a + offs1[i] into c1.
//
//go:noescape
func kern8x16r(a *float32, offs0, offs1 *[4]int, ra *int, b *float32, c0, c1 *[64]float32, k int)

//go:noescape
func kern8x16rf(a *float32, offs0, offs1 *[4]int, ra *int, b *float32, c0, c1 *[64]float32, k int)

// kern8x16x2 is kern4x16x2 on two units at once (AVX-512): rows 0-3
// from the panel a0 into the pair of tiles c0, rows 4-7 from a1 into
// c1; sixteen accumulators, same bits.
//
//go:noescape
func kern8x16x2(a0, a1, b0, b1 *float32, c0, c1 *[128]float32, k int)

//go:noescape
func kern8x16x2f(a0, a1, b0, b1 *float32, c0, c1 *[128]float32, k int)

// kern8x16x2r is kern8x16x2 reading the first factor in place: rows a +
// offs0[i] into c0, a + offs1[i] into c1.
//
//go:noescape
func kern8x16x2r(a *float32, offs0, offs1 *[4]int, ra *int, b0, b1 *float32, c0, c1 *[128]float32, k int)

//go:noescape
func kern8x16x2rf(a *float32, offs0, offs1 *[4]int, ra *int, b0, b1 *float32, c0, c1 *[128]float32, k int)

// kern12x16x2r is kern8x16x2r on three units at once whose rows are
// each four consecutive floats: row i of the unit with offsets offs at
// reduction point r is the float32 at byte address a + offs[0] + 4i +
// ra[r] (offs[1:] are not read). Twenty-four accumulators; same bits.
//
//go:noescape
func kern12x16x2r(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int)

//go:noescape
func kern12x16x2rf(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int)

// kern12x16x2r2 is kern12x16x2r on rows every other float: row i of a
// unit at byte address a + offs[0] + 8i + ra[r].
//
//go:noescape
func kern12x16x2r2(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int)

//go:noescape
func kern12x16x2r2f(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int)

// gatherLanes16 runs rows of a contraction with 16 groups in the lanes,
// each lane's first factor gathered from and its sum scattered to its
// group's elements (AVX-512): for each row i, lane l (bit l of lanes
// set) computes s = (load ? out[rowsO[i]+oIdx[l]] : 0), then s += a[
// rowsA[i]+ra[r]+aIdx[l]] · bp[16r+l] for r in [0, k), and stores s
// back (offsets in bytes). Same bits as the interpreter.
//
//go:noescape
func gatherLanes16(a *float32, aIdx *[16]int32, rowsA *int, ra *int, k int, bp *float32, out *float32, oIdx *[16]int32, rowsO *int, rows int, lanes uint64, load int)

//go:noescape
func gatherLanes16f(a *float32, aIdx *[16]int32, rowsA *int, ra *int, k int, bp *float32, out *float32, oIdx *[16]int32, rowsO *int, rows int, lanes uint64, load int)

// kern4x16x2 is kern4x16 on two adjacent n tiles (AVX-512): b0 and b1
// their panels, c the two tiles one after the other; same bits.
//
//go:noescape
func kern4x16x2(a, b0, b1 *float32, c *[128]float32, k int)

// kern4x16x2r is kern4x16r on two adjacent n tiles (AVX-512).
//
//go:noescape
func kern4x16x2r(a *float32, offs *[4]int, ra *int, b0, b1 *float32, c *[128]float32, k int)

// The fused kernels (kern4x16f, ...): each kernel with one VFMADD231PS
// where it multiplies then adds, for contractions whose multiply-add is
// fused (arith.FusedMultiplyAdd). They need FMA (haveFMA; AVX-512's
// forms AVX-512F).

//go:noescape
func kern4x16f(a, b *float32, c *[64]float32, k int)

//go:noescape
func kern4x16rf(a *float32, offs *[4]int, ra *int, b *float32, c *[64]float32, k int)

//go:noescape
func kern16x4f(a *float32, ra *int, b *float32, c *[64]float32, k int)

// kern16x4z and kern16x4zf are kern16x4 and kern16x4f from zero sums:
// c's contents are not read, only written.
//
//go:noescape
func kern16x4z(a *float32, ra *int, b *float32, c *[64]float32, k int)

//go:noescape
func kern16x4zf(a *float32, ra *int, b *float32, c *[64]float32, k int)

//go:noescape
func kern8x4runsf(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[32]float32, k int)

//go:noescape
func kern4x16x2f(a, b0, b1 *float32, c *[128]float32, k int)

//go:noescape
func kern4x16x2rf(a *float32, offs *[4]int, ra *int, b0, b1 *float32, c *[128]float32, k int)

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax, edx uint32)

// haveAVX reports whether the CPU has AVX and the OS saves the YMM
// registers (CPUID.1:ECX.OSXSAVE and AVX, XCR0 bits 1 and 2).
var haveAVX = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 1 {
		return false
	}
	_, _, ecx, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx&osxsave == 0 || ecx&avx == 0 {
		return false
	}
	lo, _ := xgetbv()
	return lo&6 == 6
}()

// haveAVX512 reports whether the CPU has AVX-512F and the OS saves the
// opmask and ZMM registers (XCR0 bits 5-7 as well as 1-2). Some virtual
// machines hide it on CPUs that have it; the 4x16 tiles then run on AVX.
var haveAVX512 = func() bool {
	if !haveAVX {
		return false
	}
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	const avx512f = 1 << 16
	if ebx&avx512f == 0 {
		return false
	}
	lo, _ := xgetbv()
	return lo&0xe6 == 0xe6
}()

// havePrefetchW reports whether the CPU has PREFETCHW
// (CPUID.80000001H:ECX.PRFCHW, bit 8); without it prefetchWLines is not
// called.
var havePrefetchW = func() bool {
	maxExt, _, _, _ := cpuid(0x80000000, 0)
	if maxExt < 0x80000001 {
		return false
	}
	_, _, ecx, _ := cpuid(0x80000001, 0)
	return ecx&(1<<8) != 0
}()

// haveFMA reports whether the CPU has FMA3 (CPUID.1:ECX bit 12), for the
// fused kernels on 8-lane registers.
var haveFMA = func() bool {
	if !haveAVX {
		return false
	}
	_, _, ecx, _ := cpuid(1, 0)
	return ecx&(1<<12) != 0
}()

// storeT12x16 is storeT4x16 on three tiles of twelve consecutive output
// positions at once (AVX-512): dst[j*stride + 4i] = c_(i/4)[(i%4)*16 + j],
// stride in bytes, each channel's twelve one masked store.
//
//go:noescape
func storeT12x16(dst *float32, stride int, c0, c1, c2 *[64]float32)

// storeRows4x16 stores the 4x16 tile c row by row: row i's sixteen at
// byte offset offs[i] from dst (AVX-512).
//
//go:noescape
func storeRows4x16(dst *float32, offs *[4]int, c *[64]float32)

// storeRows4x16NT is storeRows4x16 with non-temporal stores: every row's
// address dst+offs[i] must be 64-byte aligned (a whole line); sfence
// before another thread reads them.
//
//go:noescape
func storeRows4x16NT(dst *float32, offs *[4]int, c *[64]float32)

// sfence orders the stores before it, non-temporal ones included, before
// those after it.
func sfence()

// packRows16 packs k rows of tiles×16 consecutive floats into tiles
// panels of 16 columns: row r's floats from src[rb[r]] on go to dst +
// t·stride + r·64 (bytes), tile t's sixteen (AVX-512).
//
//go:noescape
func packRows16(dst, src *float32, rb *int, k, tiles, stride int)

// kern16x4runs2 is kern16x4runs from zero sums into outputs two floats
// apart (AVX-512): chunk i's lane j at out + outs[i] + 8j bytes, stored
// under emasks[i], its lanes spread to even bits (lanes 0-7 in the low
// 16 bits, 8-15 in the high 16).
//
//go:noescape
func kern16x4runs2(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, emasks *[4]uint32, k int)

// kern16x4runs2f is kern16x4runs2 with fused multiply-adds.
//
//go:noescape
func kern16x4runs2f(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, emasks *[4]uint32, k int)

// copyRows16 copies rows rows of n float32s from src, srcStride elements
// apart, to dst, dstStride apart: 16 elements a load and store, a row's
// last n mod 16 masked (copyRows32 checks the bounds).
//
//go:noescape
func copyRows16(dst, src *float32, rows, n, dstStride, srcStride int)

// storeEven16x4 stores n columns of 16 floats (column j at src[16j:])
// at every other float from dst + j·cstride bytes (AVX-512), element i
// at float 2i for the i whose bit 2i is set in mask (evenMasks).
//
//go:noescape
func storeEven16x4(dst *float32, cstride int, src *float32, mask uint32, n int)
