package codegen

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// NVIDIA's tensor-core body (TL_MMA, sm_80 and newer; tensorcore.go says
// when a contraction has one). What bounds it is feeding the matrix
// units, not the units themselves: an m16n8k16 takes a few cycles, a
// global load hundreds. So, against the first body (a 64×64 tile, 16-deep
// slices, each staged and then multiplied behind two barriers):
//
//   - Slices are 32 deep (two instructions per warp tile between
//     barriers), and a block whose contraction is at least 128 in M and N,
//     with enough such tiles to fill the GPU (largeTileMinTiles), takes a
//     128×128 tile, its eight warps 64×32 each: sixteen m16n8k16 per k16
//     from four A and four B fragments, half the shared memory read per
//     instruction of a 16×32 warp tile. The kernel's GridMMA launches a
//     block a tile of this body.
//   - The next slice's loads are issued into registers before the
//     current slice is multiplied, and stored to shared memory after: the
//     global latency hides behind the tensor-core work of the slice.
//     When both factors are staged in 16-byte pieces (byK8, the layout
//     the GPU pipelines give a data gradient), cp.async copies slices
//     straight into shared memory instead, mmaStages of them in a ring:
//     while one slice multiplies, the next three are in flight. No
//     registers are held for them, nothing is stored, and there is one
//     barrier a slice instead of two. A block's two loads in flight (two
//     stages) did not cover DRAM's latency behind one slice's multiplies
//     (about a third of a microsecond on the large tile); four stages
//     take 80 KB on the large tile, more than the 48 KB a block may
//     declare statically, so the stages are dynamic shared memory
//     (Kernel.SharedMMA). Two blocks a multiprocessor still fit on
//     H100 and H200 (228 KB), which the stages are sized for; on A100
//     (164 KB, of which each block's 82 KB and the 1 KB the hardware
//     keeps a block leave room for one) the large tile runs a block a
//     multiprocessor.
//   - Each factor is staged along its contiguous loop. A factor whose
//     fastest row loop (M for a, N for b) has stride 1, as NCHW's W is for
//     a data gradient's dy, gives consecutive threads consecutive rows;
//     one whose fastest K loop has stride 1 (channels-last, a matmul's
//     row-major a) gives them consecutive k, its rows' offsets tabled in
//     shared memory once per tile, eight k to a 16-byte load where K is
//     one aligned run (the GPU pipelines' reduction-last-operands makes
//     it so). Either way a warp's loads are coalesced.
//   - K is decomposed in 32-bit arithmetic when its offsets fit, and the
//     fragments are read from shared memory by ldmatrix.x4 (one A
//     fragment, or two B fragments, per instruction; rows of 80 bytes
//     put each 8-lane phase's rows in distinct banks).
//
// Every accumulator still takes its products in K order (each instruction
// adds its 16 in order, instructions and slices ascend), so the host
// emulation gives the CPU's bits as before.

// mmaShape is a tiling of the block's tile over its eight warps.
type mmaShape struct {
	tile           int // the block's tile, tile×tile outputs
	warpsM, warpsN int // warps along M and N
	fragsM, fragsN int // a warp's m16 rows and n8 columns of instructions
}

// The two tilings, as constants for the compile-time checks below.
const (
	smallTile, smallWarpsM, smallWarpsN, smallFragsM, smallFragsN = 64, 4, 2, 1, 4
	largeTile, largeWarpsM, largeWarpsN, largeFragsM, largeFragsN = 128, 2, 4, 4, 4
)

var (
	mmaSmall = mmaShape{tile: smallTile, warpsM: smallWarpsM, warpsN: smallWarpsN, fragsM: smallFragsM, fragsN: smallFragsN}
	mmaLarge = mmaShape{tile: largeTile, warpsM: largeWarpsM, warpsN: largeWarpsN, fragsM: largeFragsM, fragsN: largeFragsN}
)

const (
	// mmaSlice is the K depth staged between barriers: two instructions.
	mmaSlice = 32
	// mmaStride is a staged row's length in 16-bit values: 32, padded so
	// that a fragment read (eight rows, four pairs each) falls in 32
	// distinct banks (row r's pair p in bank (20r + p) mod 32).
	mmaStride = 40
	// byK8 stages a slice's row in mmaChunks loads of eight values, so a
	// pass of the block's threads covers vecRows rows.
	mmaChunks = mmaSlice / 8
	vecRows   = BlockSize / mmaChunks
	// mmaStages is the cp.async body's ring of slices (fewer when K has
	// fewer slices: mmaStagesFor).
	mmaStages = 4
)

// Each compile-time index must be 0, one condition each.
var (
	// A tiling's warps cover its tile, m16 by n8 instructions...
	_ = [1]struct{}{}[smallTile-16*smallWarpsM*smallFragsM]
	_ = [1]struct{}{}[smallTile-8*smallWarpsN*smallFragsN]
	_ = [1]struct{}{}[largeTile-16*largeWarpsM*largeFragsM]
	_ = [1]struct{}{}[largeTile-8*largeWarpsN*largeFragsN]
	// ... and are the block's.
	_ = [1]struct{}{}[BlockSize/32-smallWarpsM*smallWarpsN]
	_ = [1]struct{}{}[BlockSize/32-largeWarpsM*largeWarpsN]
	// byRow: a whole number of passes of tile rows, each thread a row.
	_ = [1]struct{}{}[BlockSize%smallTile]
	_ = [1]struct{}{}[BlockSize%largeTile]
	// byK: a whole number of passes of slice-deep rows, a k a thread.
	_ = [1]struct{}{}[BlockSize%mmaSlice]
	_ = [1]struct{}{}[smallTile*mmaSlice%BlockSize]
	// byK8: a slice is whole 16-byte loads, a tile whole passes of them.
	_ = [1]struct{}{}[mmaSlice%8]
	_ = [1]struct{}{}[smallTile%vecRows]
	_ = [1]struct{}{}[largeTile%vecRows]
	// ... a warp 8 rows of mmaChunks pieces (sv8, skv).
	_ = [1]struct{}{}[BlockSize%(8*mmaChunks)]
	// B's fragments come two n8 tiles to an ldmatrix.x4.
	_ = [1]struct{}{}[smallFragsN%2]
	_ = [1]struct{}{}[largeFragsN%2]
)

// mmaStagesFor is the number of stages of c's cp.async body: a stage for
// each slice of a block's K (all of K, or a part's: mmaSplit), up to
// mmaStages, and never fewer than two. (With as many stages as slices,
// the copies before the loop and the first iteration's fill them all; a
// stage more would never be written.)
func mmaStagesFor(c *contraction) int {
	slices := int((mmaSplit(c).span + mmaSlice - 1) / mmaSlice)
	return max(2, min(mmaStages, slices))
}

// mmaSplit is how NVIDIA's tensor-core body splits c's K (splitk.go).
func mmaSplit(c *contraction) kSplit {
	sh := mmaShapeFor(c)
	_, _, tiles := c.tiles(int64(sh.tile))
	return splitFor(c, tiles, 4*sh.fragsM*sh.fragsN, "float", true)
}

// largeTileMinTiles is how many 128×128 tiles a contraction needs for
// the large tile: about two waves of an H100 (132 multiprocessors, a
// block each) or one at two blocks each. With fewer, the small tile's
// four times as many blocks keep more multiprocessors busy (a weight
// gradient of 256 by 2304 is 36 large tiles, 144 small). A variable for
// the tests (export_test.go), whose contractions are small.
var largeTileMinTiles int64 = 256

// mmaItems is the number of blocks' worth of work of c's NVIDIA
// tensor-core body: its tiles, times the parts of K when split.
func mmaItems(c *contraction) int64 {
	sp := mmaSplit(c)
	return sp.tiles * sp.parts
}

// mmaShapeFor picks the large tile when the contraction fills it and
// has enough of them.
func mmaShapeFor(c *contraction) mmaShape {
	t := int64(mmaLarge.tile)
	if _, _, tiles := c.tiles(t); c.mTot >= t && c.nTot >= t && tiles >= largeTileMinTiles {
		return mmaLarge
	}
	return mmaSmall
}

// How a factor's slice is staged (the file comment): consecutive
// threads take consecutive rows (byRow), consecutive k one value each
// (byK), or eight consecutive k in one 16-byte load each (byK8).
type stageMode int

const (
	byRow stageMode = iota
	byK
	byK8
)

// mmaFactor is how one factor (a, or b) is staged.
type mmaFactor struct {
	op   *operand
	dims []int  // its row loops: M for a, N for b
	tot  int64  // their extent
	tile string // the tile index of those rows: "tm" or "tn"
	smem string // its staging array
	reg  string // its registers for the next slice
	tab  string // byK, byK8: the shared table of its rows' offsets
	mode stageMode
}

// stageModeOf picks how op is staged, dims its row loops: by k when its
// fastest K loop has stride 1 and its fastest row loop has not, in
// 16-byte loads when, besides, K is one contiguous run in it (k's offset
// is k) and every row starts 16-byte aligned (its static offset and the
// strides of every loop but K's, the batch loops' too, multiples of
// eight values; buffers are 64-byte aligned); else by rows.
func stageModeOf(c *contraction, op *operand, dims []int, ext []int64) stageMode {
	if fastestStride(op, c.kDims, ext) != 1 || fastestStride(op, dims, ext) == 1 {
		return byRow
	}
	if op.dynBase || op.origin%8 != 0 || op.el.size() != 2 {
		return byK
	}
	for d := range ext {
		if ext[d] > 1 && !slices.Contains(c.kDims, d) && op.coef[d]%8 != 0 {
			return byK
		}
	}
	run := int64(1) // the stride a contiguous K gives the next slower loop
	for i := len(c.kDims) - 1; i >= 0; i-- {
		if d := c.kDims[i]; ext[d] > 1 {
			if op.coef[d] != run {
				return byK
			}
			run *= ext[d]
		}
	}
	return byK8
}

// fastestStride is the stride, in op, of the fastest of dims whose
// extent is not 1 (0 when there is none).
func fastestStride(op *operand, dims []int, ext []int64) int64 {
	for i := len(dims) - 1; i >= 0; i-- {
		if d := dims[i]; ext[d] > 1 {
			if s := op.coef[d]; s < 0 {
				return -s
			} else {
				return s
			}
		}
	}
	return 0
}

// kOffsetType is the C type K's indices and offsets are worked out in:
// int when every k a thread forms and every factor's K offset fits in 31
// bits.
func kOffsetType(c *contraction, ops []*operand, ext []int64) string {
	// A thread's k runs past K by up to a slice (the last one's) plus
	// the eight of a 16-byte load.
	if c.kTot > math.MaxInt32-mmaSlice-8 {
		return "i64"
	}
	for _, op := range ops[:2] {
		var hi int64
		for _, d := range c.kDims {
			s := op.coef[d]
			if s < 0 {
				s = -s
			}
			if ext[d] > 1 && s > (math.MaxInt32-hi)/(ext[d]-1) {
				return "i64"
			}
			hi += s * (ext[d] - 1)
		}
	}
	return "int"
}

// genMMABodyNV emits NVIDIA's tensor-core body of c's kernel (the file
// comment), kind "f16" or "bf16", ep fused after each store.
func genMMABodyNV(k *kernelBuilder, c *contraction, ops []*operand, idx []string, ext []int64, kind string, ep *epilogue) error {
	a, b, o := ops[0], ops[1], ops[2]
	sh := mmaShapeFor(c)
	tile := sh.tile
	tilesM, tilesN, _ := c.tiles(int64(tile))
	perThread := tile * mmaSlice / BlockSize // staged values of each factor per slice
	kt := kOffsetType(c, ops, ext)
	factors := [2]*mmaFactor{
		{op: a, dims: c.mDims, tot: c.mTot, tile: "tm", smem: "ma", reg: "pa", tab: "tra"},
		{op: b, dims: c.nDims, tot: c.nTot, tile: "tn", smem: "mb", reg: "pb", tab: "trb"},
	}
	uses := map[stageMode]bool{}
	for _, f := range factors {
		f.mode = stageModeOf(c, f.op, f.dims, ext)
		uses[f.mode] = true
	}
	// byK8: thread t loads k 8·sv8 and the next seven of the rows skv +
	// vecRows·j, j < vecs (sv8 and skv below: a warp's lanes 8 rows at
	// each of the mmaChunks pieces).
	vecs := tile / vecRows
	if tile == mmaSmall.tile {
		// Three blocks a multiprocessor (at most 85 registers a thread),
		// for the loads in flight. A block with a slice in registers
		// waits for it once a slice: a 1x1 data gradient whose dy is read
		// NCHW (the seeds' c32->224 row: 7 slices of K, little to
		// multiply) is that wait, its slice about 4.5 KB. Unbounded, ptxas
		// gives that kernel 96 registers, two blocks; bounded, 74 without
		// spilling. At four blocks (64) some bodies spill.
		k.minBlocks = 3
	}
	if tile == mmaLarge.tile && factors[0].mode == byK8 && factors[1].mode == byK8 {
		// Two blocks a multiprocessor (at most 128 registers a thread):
		// while one block waits at a barrier or on its loads, the
		// other's warps keep the tensor cores busy. Unbounded, ptxas
		// gives this body about 170; bounded, 126 without spilling. The
		// other stagings hold 16 values a factor in registers and would
		// spill under the bound.
		k.minBlocks = 2
	}

	// A factor staged by k is held a row per m (n) with its k contiguous,
	// as the fragments pair them; one staged by rows is held a row per k
	// with its m (n) contiguous, so that a warp's 2-byte stores along the
	// rows fall in distinct banks, and ldmatrix.trans pairs its k. Rows of
	// 80 and of 2·tile + 16 bytes both put an 8-lane phase's rows in
	// distinct banks.
	// async: both factors in 16-byte pieces, copied by cp.async into a
	// ring of stages, the later slices' copies in flight while one
	// multiplies (below). The stages are dynamic shared memory, the
	// factors' one after the other.
	async := factors[0].mode == byK8 && factors[1].mode == byK8
	stages := mmaStagesFor(c)
	if async {
		factorBytes := stages * tile * mmaStride * 2
		k.sharedMMA = 2 * factorBytes
		k.line(1, "TL_DYNAMIC_SHARED(tl_stages, %d);", k.sharedMMA)
		for q, f := range factors {
			k.line(1, "unsigned short (*const %s)[%d][%d] = (unsigned short (*)[%d][%d])(tl_stages + %d);", f.smem, tile, mmaStride, tile, mmaStride, q*factorBytes)
		}
	}
	for _, f := range factors {
		switch {
		case async:
		case f.mode == byRow:
			k.line(1, "__shared__ unsigned short %s[%d][%d] __attribute__((aligned(16)));", f.smem, mmaSlice, tile+8)
		default:
			k.line(1, "__shared__ unsigned short %s[%d][%d] __attribute__((aligned(16)));", f.smem, tile, mmaStride)
		}
	}
	for _, f := range factors {
		if f.mode != byRow {
			k.line(1, "__shared__ i64 %s[%d];", f.tab, tile)
		}
	}
	k.line(1, "const int ln = threadIdx.x %% 32, wp = threadIdx.x / 32;")
	k.line(1, "const int gq = ln / 4, tq = ln %% 4, wm = wp %% %d, wn = wp / %d;", sh.warpsM, sh.warpsM)
	// What each thread stages of a slice: byRow, row sr at k = skr +
	// step·j; byK, k skk of rows skq + step·j; byK8, k 8·sv8 and the next
	// seven of rows skv + vecRows·j. A warp's byK8 copies are 8 rows of
	// mmaChunks pieces; 16-byte stores to shared memory go 8 lanes at a
	// time, and 8 lanes on 8 consecutive rows at one piece fall in
	// distinct banks (row r's piece q starts at bank 4·(5r + q) mod 32 in
	// rows of 80 bytes), where 8 lanes on two rows' 4 pieces collided
	// (ncu counted 3.4 times the ideal shared wavefronts for the
	// copies). The warp's global addresses are the same either way.
	k.line(1, "const int sr = threadIdx.x %% %d, skr = threadIdx.x / %d;", tile, tile)
	k.line(1, "const int skk = threadIdx.x %% %d, skq = threadIdx.x / %d;", mmaSlice, mmaSlice)
	k.line(1, "const int sv8 = threadIdx.x / 8 %% %d, skv = threadIdx.x %% 8 + threadIdx.x / %d * 8;", mmaChunks, 8*mmaChunks)
	split := mmaSplit(c)
	split.open(k, c.kTot)
	kFrom, kTo := split.kRange(c.kTot)
	k.line(2, "const i64 tn = t %% %d, tm = (t / %d) %% %d, tb = t / %d;", tilesN, tilesN, tilesM, tilesN*tilesM)
	decompose(k, 2, "tb", "rb", c.bDims, ext, idx)
	// acc[i][j][r]: instruction tile (i, j)'s accumulator r, at row
	// gq + 8·(r / 2) and column 2·tq + r % 2 of its m16n8 tile.
	k.line(2, "float acc[%d][%d][4];", sh.fragsM, sh.fragsN)
	warpM, warpN := 16*sh.fragsM, 8*sh.fragsN
	coords := func(depth int) {
		k.line(depth, "const i64 m = tm * %d + wm * %d + i * 16 + gq + 8 * (r / 2), n = tn * %d + wn * %d + j * 8 + 2 * tq + r %% 2;", tile, warpM, tile, warpN)
	}
	loops := fmt.Sprintf("%[1]sfor (int i = 0; i < %[2]d; ++i) %[1]sfor (int j = 0; j < %[3]d; ++j) %[1]sfor (int r = 0; r < 4; ++r)", unrolled, sh.fragsM, sh.fragsN)
	split.initAccumulators(k, c, o, loops, "acc[i][j][r]", coords, ext, idx)

	// This tile's rows: a byRow factor's one row per thread (sr), in
	// registers; a byK or byK8 factor's, in its table (-1 outside).
	for q, f := range factors {
		if f.mode != byRow {
			k.line(2, "if (threadIdx.x < %d) {", tile)
			k.line(3, "const i64 m = %s * %d + threadIdx.x;", f.tile, tile)
			k.line(3, "i64 off = -1;")
			k.line(3, "if (m < %dll) {", f.tot)
			decompose(k, 4, "m", "rr", f.dims, ext, idx)
			k.line(4, "off = %s;", offsetExpr(f.op.base, idx, without(f.op.coef, c.kDims)))
			k.line(3, "}")
			k.line(3, "%s[threadIdx.x] = off;", f.tab)
			k.line(2, "}")
			continue
		}
		stageRow(k, c, q, f.op, f.dims, f.tot, f.tile, tile, "sr", ext, idx)
	}
	if uses[byK] || uses[byK8] {
		k.line(2, "__syncthreads();")
	}
	for _, f := range factors {
		switch {
		case async:
		case f.mode == byK8:
			k.line(2, "tl_v8 %s[%d];", f.reg, vecs)
		default:
			k.line(2, "unsigned short %s[%d];", f.reg, perThread)
		}
	}

	// load emits the global loads of the slice from k1 into the registers.
	load := func(depth int, k1 string) {
		kOff := func(f *mmaFactor) string { return offsetExpr("0", idx, only(f.op.coef, c.kDims)) }
		if uses[byRow] {
			k.line(depth, "#pragma unroll")
			k.line(depth, "for (int j = 0; j < %d; ++j) {", perThread)
			k.line(depth+1, "const %s kq = (%s)%s + skr + %d * j;", kt, kt, k1, BlockSize/tile)
			k.line(depth+1, "const bool kin = kq < %dll;", c.kTot)
			for _, f := range factors {
				if f.mode == byRow {
					k.line(depth+1, "%s[j] = 0;", f.reg)
				}
			}
			k.line(depth+1, "if (kin) {")
			decomposeAs(k, depth+2, kt, "kq", "rk", c.kDims, ext, idx)
			for q, f := range factors {
				if f.mode == byRow {
					k.line(depth+2, "if (sr%d) %s[j] = %s[so%d + (%s)];", q, f.reg, f.op.buf, q, kOff(f))
				}
			}
			k.line(depth+1, "}")
			k.line(depth, "}")
		}
		if uses[byK] {
			k.line(depth, "{")
			k.line(depth+1, "const %s kq = (%s)%s + skk;", kt, kt, k1)
			k.line(depth+1, "const bool kin = kq < %dll;", c.kTot)
			k.line(depth+1, "%s ko0 = 0, ko1 = 0;", kt)
			k.line(depth+1, "if (kin) {")
			decomposeAs(k, depth+2, kt, "kq", "rk", c.kDims, ext, idx)
			for q, f := range factors {
				if f.mode == byK {
					k.line(depth+2, "ko%d = %s;", q, kOff(f))
				}
			}
			k.line(depth+1, "}")
			k.line(depth+1, "#pragma unroll")
			k.line(depth+1, "for (int j = 0; j < %d; ++j) {", perThread)
			for q, f := range factors {
				if f.mode == byK {
					k.line(depth+2, "const i64 ro%d = %s[skq + %d * j];", q, f.tab, BlockSize/mmaSlice)
					k.line(depth+2, "%s[j] = kin && ro%d >= 0 ? %s[ro%d + ko%d] : (unsigned short)0;", f.reg, q, f.op.buf, q, q)
				}
			}
			k.line(depth+1, "}")
			k.line(depth, "}")
		}
		if uses[byK8] {
			// K is contiguous: k's offset is k. Eight values past K are
			// loaded one by one (zero beyond it).
			k.line(depth, "{")
			k.line(depth+1, "const %s kq = (%s)%s + 8 * sv8;", kt, kt, k1)
			k.line(depth+1, "#pragma unroll")
			k.line(depth+1, "for (int j = 0; j < %d; ++j) {", vecs)
			for _, f := range factors {
				if f.mode != byK8 {
					continue
				}
				k.line(depth+2, "{")
				k.line(depth+3, "const i64 ro = %s[skv + %d * j];", f.tab, vecRows)
				k.line(depth+3, "tl_v8 v = {};")
				k.line(depth+3, "if (ro >= 0 && kq + 8 <= %dll) v = tl_ldg8(%s + ro + kq);", c.kTot, f.op.buf)
				k.line(depth+3, "else if (ro >= 0) "+unrolled+"for (int e = 0; e < 8; ++e) if (kq + e < %dll) v.w[e / 2] |= (unsigned)%s[ro + kq + e] << (16 * (e %% 2));", c.kTot, f.op.buf)
				k.line(depth+3, "%s[j] = v;", f.reg)
				k.line(depth+2, "}")
			}
			k.line(depth+1, "}")
			k.line(depth, "}")
		}
	}
	// issue emits the cp.async copies of the slice from k1 into stage
	// st, as one group: a piece past K's end copies what is left of K
	// and zero-fills the rest, a row outside the factor copies nothing
	// (all zeros; the buffer's start stands in as the source).
	issue := func(depth int, k1, st string) {
		k.line(depth, "{")
		k.line(depth+1, "const %s kq = (%s)%s + 8 * sv8;", kt, kt, k1)
		k.line(depth+1, "#pragma unroll")
		k.line(depth+1, "for (int j = 0; j < %d; ++j) {", vecs)
		for _, f := range factors {
			k.line(depth+2, "{")
			k.line(depth+3, "const i64 ro = %s[skv + %d * j];", f.tab, vecRows)
			k.line(depth+3, "const int nb = ro < 0 || kq >= %dll ? 0 : %dll - kq >= 8 ? 16 : (int)(2 * (%dll - kq));", c.kTot, c.kTot, c.kTot)
			k.line(depth+3, "tl_cp16(&%s[%s][skv + %d * j][8 * sv8], nb ? %s + ro + kq : %s, nb);", f.smem, st, vecRows, f.op.buf, f.op.buf)
			k.line(depth+2, "}")
		}
		k.line(depth+1, "}")
		k.line(depth+1, "tl_cp_commit();")
		k.line(depth, "}")
	}
	stage := "" // the index of the stage the fragments are read from
	if async {
		// A ring of stages, one barrier a slice. Slice s is copied into
		// stage s mod stages as the thread's group s of copies: the first
		// stages - 1 before the loop, each later one by the iteration of
		// the slice stages - 1 before it (an empty group past K, so that
		// group s is always slice s). Iteration s waits for the thread's
		// groups up to s (all but the newest stages - 2), then at the
		// barrier for everyone's (stage st is full) and for everyone's
		// multiplies of slice s - 1 (its stage, the one slice s +
		// stages - 1 takes, is free); then those copies start and run
		// behind the multiplies of st.
		stage = "[st]"
		// A K split in parts (splitk.go) may leave the last part fewer
		// slices than the others, and than stages - 1: its copies past
		// the part's end are empty groups, as the loop's are, so that
		// none is still writing a stage when the block's next item
		// refills it. (Unsplit, stages never pass the slices.)
		for s := 0; s < stages-1; s++ {
			if s == 0 || !split.split() {
				issue(2, fmt.Sprintf("(%s + %d)", kFrom, s*mmaSlice), strconv.Itoa(s))
				continue
			}
			k.line(2, "if (%s + %d < %s) {", kFrom, s*mmaSlice, kTo)
			issue(3, fmt.Sprintf("(%s + %d)", kFrom, s*mmaSlice), strconv.Itoa(s))
			k.line(2, "} else {")
			k.line(3, "tl_cp_commit();")
			k.line(2, "}")
		}
		ahead := (stages - 1) * mmaSlice
		k.line(2, "int st = 0;")
		k.line(2, "for (i64 k0 = %s; k0 < %s; k0 += %d, st = st == %d ? 0 : st + 1) {", kFrom, kTo, mmaSlice, stages-1)
		k.line(3, "tl_cp_wait(%d);", stages-2)
		k.line(3, "__syncthreads();")
		k.line(3, "if (k0 + %d < %s) {", ahead, kTo)
		issue(4, fmt.Sprintf("(k0 + %d)", ahead), fmt.Sprintf("(st == 0 ? %d : st - 1)", stages-1))
		k.line(3, "} else {")
		k.line(4, "tl_cp_commit();")
		k.line(3, "}")
	} else {
		k.line(2, "{")
		load(3, kFrom)
		k.line(2, "}")
		k.line(2, "for (i64 k0 = %s; k0 < %s; k0 += %d) {", kFrom, kTo, mmaSlice)
		// The slice in the registers goes to shared memory, a row per m
		// (n) with its k contiguous: the fragments' pairs.
		for _, f := range factors {
			k.line(3, "#pragma unroll")
			switch f.mode {
			case byRow:
				k.line(3, "for (int j = 0; j < %d; ++j) %s[skr + %d * j][sr] = %s[j];", perThread, f.smem, BlockSize/tile, f.reg)
			case byK:
				k.line(3, "for (int j = 0; j < %d; ++j) %s[skq + %d * j][skk] = %s[j];", perThread, f.smem, BlockSize/mmaSlice, f.reg)
			case byK8:
				k.line(3, "for (int j = 0; j < %d; ++j) tl_sts8(&%s[skv + %d * j][8 * sv8], %s[j]);", vecs, f.smem, vecRows, f.reg)
			}
		}
		k.line(3, "__syncthreads();")
		k.line(3, "if (k0 + %d < %s) {", mmaSlice, kTo)
		load(4, fmt.Sprintf("(k0 + %d)", mmaSlice))
		k.line(3, "}")
	}
	// The fragments (PTX ISA, mma.m16n8k16 with f16/bf16), by ldmatrix.x4:
	// A's four 8×8 matrices are rows 0-7 and 8-15 by k 0-7, then by k
	// 8-15 (its words 0 to 3: row gq + 8·(w % 2), k 2·tq + 8·(w / 2));
	// one load gives two n8 tiles of B, k 0-7 and 8-15 of each (words 0
	// and 1 of a tile: k 2·tq + 8·w, column gq). A lane gives the address
	// of a matrix's row: of its row m (n) when staged by k; of its row k
	// when staged by rows, which ldmatrix.trans transposes. The second
	// instruction of a slice past K is skipped (a whole block's choice).
	k.line(3, "#pragma unroll")
	k.line(3, "for (int ks = 0; ks < %d; ks += 16) {", mmaSlice)
	k.line(4, "if (k0 + ks >= %dll) break;", c.kTot)
	k.line(4, "unsigned fa[%d][4], fb[%d][2];", sh.fragsM, sh.fragsN)
	k.line(4, "#pragma unroll")
	if factors[0].mode == byRow {
		k.line(4, "for (int i = 0; i < %d; ++i) tl_ldsm_x4_trans(fa[i], &ma[ks + ln %% 8 + 8 * (ln / 16)][wm * %d + i * 16 + 8 * (ln / 8 %% 2)]);", sh.fragsM, warpM)
	} else {
		k.line(4, "for (int i = 0; i < %d; ++i) tl_ldsm_x4(fa[i], &ma%s[wm * %d + i * 16 + ln %% 8 + 8 * (ln / 8 %% 2)][ks + 8 * (ln / 16)]);", sh.fragsM, stage, warpM)
	}
	k.line(4, "#pragma unroll")
	k.line(4, "for (int j = 0; j < %d; j += 2) {", sh.fragsN)
	k.line(5, "unsigned w[4];")
	if factors[1].mode == byRow {
		k.line(5, "tl_ldsm_x4_trans(w, &mb[ks + ln %% 8 + 8 * (ln / 8 %% 2)][wn * %d + (j + ln / 16) * 8]);", warpN)
	} else {
		k.line(5, "tl_ldsm_x4(w, &mb%s[wn * %d + (j + ln / 16) * 8 + ln %% 8][ks + 8 * (ln / 8 %% 2)]);", stage, warpN)
	}
	k.line(5, "fb[j][0] = w[0]; fb[j][1] = w[1]; fb[j + 1][0] = w[2]; fb[j + 1][1] = w[3];")
	k.line(4, "}")
	k.line(4, "#pragma unroll")
	k.line(4, "for (int i = 0; i < %d; ++i)", sh.fragsM)
	k.line(5, "#pragma unroll")
	k.line(5, "for (int j = 0; j < %d; ++j) tl_mma_%s(acc[i][j], fa[i], fb[j]);", sh.fragsN, kind)
	k.line(3, "}")
	if async {
		// No barrier after the last slice: the next tile's table writes
		// come after every read of the tables (the last stages - 1
		// iterations issue no copies, and every thread issued its last
		// before the last slice's barrier), and its first copies after
		// the barrier that follows the tables, which a thread reaches
		// only past its last multiplies; the groups still open then are
		// empty (TestHostSanitizers: with cp.async emulated at its
		// issue and at its wait, ThreadSanitizer sees the stages' reads
		// and writes).
		k.line(2, "}")
	} else {
		k.line(3, "__syncthreads();")
		k.line(2, "}")
	}
	split.combine(k, loops, "acc[i][j][r]", fmt.Sprintf("((i * %d + j) * 4 + r)", sh.fragsN))
	if err := storeAccumulators(k, c, o, loops, "acc[i][j][r]", coords, ext, idx, ep); err != nil {
		return err
	}
	k.line(1, "}")
	return nil
}
