package codegen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// unrolled, before a loop over a thread's accumulators (or any register
// array), has the compiler unroll it: every index then a constant, the
// array stays in registers. A loop it leaves rolled indexes the array at
// run time and puts it in local memory (clang did, for the tensor-core
// body's 64 accumulators: every mma.sync then loaded and stored its four).
// _Pragma, unlike #pragma, fits inside a line.
const unrolled = `_Pragma("unroll") `

// Tiled contractions. A generic with two inputs, one output and
// reduction loops is a batched matrix product once its loops are
// grouped: M loops move input 0 (and the output) but not input 1, N
// loops move input 1 but not input 0, batch loops are the other output
// loops, K loops are the reductions. Convolutions and their data
// gradients have this shape (M = batch × image, N = channels out, K =
// channels in × taps). A block computes a 64×64 tile of M×N: it stages
// 16-deep slices of both inputs in shared memory (each element loaded
// once per block instead of once per output), and each thread evaluates
// the body for its 4×4 outputs. Every output still takes its terms in
// the CPU's order (K ascending, in one thread), and the body is the
// generic's own, so results are the CPU's bit for bit.
const (
	tileM, tileN, tileK = 64, 64, 16
	// Contractions smaller than this in M or N, or K, are left to the
	// simpler kernels: the tile would be mostly padding.
	contractMinMN, contractMinK = 16, 4
)

type contraction struct {
	mDims, nDims, bDims, kDims []int
	mTot, nTot, bTot, kTot     int64
}

// tiles is how c divides into tile×tile blocks of M×N: tilesM by
// tilesN of them per batch, total over the batch.
func (c *contraction) tiles(tile int64) (tilesM, tilesN, total int64) {
	tilesM, tilesN = (c.mTot+tile-1)/tile, (c.nTot+tile-1)/tile
	return tilesM, tilesN, c.bTot * tilesM * tilesN
}

// groupContraction groups a generic's loops as a contraction's (the
// comment above), whatever their extents: nil when it is not one.
func groupContraction(s *plan.Step, body *ir.Block, iters []string, thread, inner []int, hoist []bool, ops []*operand, ext []int64) *contraction {
	if len(s.Inputs) != 2 || len(s.Outputs) != 1 || len(s.Captures) > 0 || len(inner) == 0 || !hoist[0] {
		return nil
	}
	if ops[0].arg == nil || ops[1].arg == nil {
		return nil
	}
	for op := body.First(); op != nil; op = op.Next() {
		if op.Name == "linalg.index" || op.Name == "tensor.extract" {
			return nil
		}
	}
	c := &contraction{mTot: 1, nTot: 1, bTot: 1, kTot: 1}
	for _, d := range inner {
		if iters[d] != linalg.Reduction {
			return nil
		}
		c.kDims = append(c.kDims, d)
		c.kTot *= ext[d]
	}
	for _, d := range thread {
		a, b := ops[0].coef[d] != 0, ops[1].coef[d] != 0
		switch {
		case a && !b:
			c.mDims = append(c.mDims, d)
			c.mTot *= ext[d]
		case b && !a:
			c.nDims = append(c.nDims, d)
			c.nTot *= ext[d]
		default:
			c.bDims = append(c.bDims, d)
			c.bTot *= ext[d]
		}
	}
	return c
}

// tiled is whether c is large enough for a tile in M, N and K.
func (c *contraction) tiled() bool {
	return c.mTot >= contractMinMN && c.nTot >= contractMinMN && c.kTot >= contractMinK
}

// Staging: a block of BlockSize threads copies each tileK-deep slice of
// both factors, tileK·tileM elements each, to shared memory. Thread t
// takes row (column) t % tileM of the tile at the slice's k = t / tileM
// + (BlockSize/tileM)·j: its row is the same at every k of the K loop.
// So the decomposition of its m (n) into the factor's loops, and that
// part of the element's offset, are worked out once per tile (stageRows)
// and only k is decomposed per slice (stageSlices), once for both
// factors: most of a staged element's index arithmetic (64-bit divisions
// by the loop extents) leaves the K loop.
const stageSteps = tileK * tileM / BlockSize

// The layout stageRows assumes, each a compile-time index that must be 0:
// a whole number of rows per pass, the same tile width for both factors,
// a whole number of passes per slice.
var (
	_ = [1]struct{}{}[BlockSize%tileM]
	_ = [1]struct{}{}[tileM-tileN]
	_ = [1]struct{}{}[tileN-tileM]
	_ = [1]struct{}{}[tileK*tileM%BlockSize]
)

// stageRows emits, at depth 2 (once per tile, before the K loop), this
// thread's staging row of each factor: sr0/sr1 whether it lies inside
// the factor (m < M, n < N), so0/so1 the part of its elements' offsets
// that the batch and M (N) loops give.
func stageRows(k *kernelBuilder, c *contraction, a, b *operand, ext []int64, idx []string) {
	k.line(2, "const int smm = threadIdx.x %% %d, skk = threadIdx.x / %d;", tileM, tileM)
	stageRow(k, c, 0, a, c.mDims, c.mTot, "tm", tileM, "smm", ext, idx)
	stageRow(k, c, 1, b, c.nDims, c.nTot, "tn", tileN, "smm", ext, idx)
}

// stageRow emits, at depth 2, factor q's (op's) staging row of this
// tile for a thread whose row in the tile is row: sr<q>, whether it lies
// inside the factor (m < tot, dims its row loops, tileIdx·tile the
// tile's first row), and so<q>, the part of its elements' offsets that
// the batch and row loops give.
func stageRow(k *kernelBuilder, c *contraction, q int, op *operand, dims []int, tot int64, tileIdx string, tile int, row string, ext []int64, idx []string) {
	k.line(2, "bool sr%d = false;", q)
	k.line(2, "i64 so%d = 0;", q)
	k.line(2, "{")
	k.line(3, "const i64 m = %s * %d + %s;", tileIdx, tile, row)
	k.line(3, "if (m < %dll) {", tot)
	decompose(k, 4, "m", "rr", dims, ext, idx)
	k.line(4, "sr%d = true;", q)
	k.line(4, "so%d = %s;", q, offsetExpr(op.base, idx, without(op.coef, c.kDims)))
	k.line(3, "}")
	k.line(2, "}")
}

// stageSlices emits, at depth 3 (inside the K loop, after stageRows), the
// loop that copies the tileK-deep slice of K from k0 of both factors into
// shared memory: element (kk, mm) of a's rows of this tile and of b's
// columns, zero outside them, to the place at(0) and at(1) name (in kk
// and mm). raw keeps the values as stored (16-bit patterns, for the
// matrix units); otherwise they are loaded into registers.
func stageSlices(k *kernelBuilder, c *contraction, a, b *operand, ext []int64, idx []string, raw bool, at func(q int) string) {
	k.line(3, "#pragma unroll")
	k.line(3, "for (int j = 0; j < %d; ++j) {", stageSteps)
	k.line(4, "const int kk = skk + %d * j, mm = smm;", BlockSize/tileM)
	k.line(4, "const i64 k = k0 + kk;")
	k.line(4, "const bool kin = k < %dll;", c.kTot)
	k.line(4, "i64 ko0 = 0, ko1 = 0;")
	k.line(4, "if (kin) {")
	decompose(k, 5, "k", "rk", c.kDims, ext, idx)
	k.line(5, "ko0 = %s;", offsetExpr("0", idx, only(a.coef, c.kDims)))
	k.line(5, "ko1 = %s;", offsetExpr("0", idx, only(b.coef, c.kDims)))
	k.line(4, "}")
	for q, op := range []*operand{a, b} {
		off := fmt.Sprintf("so%d + ko%d", q, q)
		load, typ := op.el.load(op.buf, off), op.el.reg
		if raw {
			load, typ = fmt.Sprintf("%s[%s]", op.buf, off), "unsigned short"
		}
		k.line(4, "%s v%d = 0;", typ, q)
		k.line(4, "if (kin && sr%d) v%d = %s;", q, q, load)
		k.line(4, "%s = v%d;", at(q), q)
	}
	k.line(3, "}")
}

// without is coef with the loops dims zeroed; only, with every other.
func without(coef []int64, dims []int) []int64 {
	out := slices.Clone(coef)
	for _, d := range dims {
		out[d] = 0
	}
	return out
}

func only(coef []int64, dims []int) []int64 {
	out := make([]int64, len(coef))
	for _, d := range dims {
		out[d] = coef[d]
	}
	return out
}

// initAccumulators emits, at depth 2, the loop (loops, a C for header)
// that sets each of a thread's accumulators acc, at output element (m, n)
// as coords declares them, to the output's element, or to zero unread
// where the plan proves that is what it holds (the phases of a strided
// backward-data convolution, each in its own window).
func initAccumulators(k *kernelBuilder, c *contraction, o *operand, loops, acc string, coords func(depth int), ext []int64, idx []string) {
	if k.outZero {
		k.line(2, "%s %s = 0;", loops, acc)
		return
	}
	k.line(2, "%s {", loops)
	coords(3)
	k.line(3, "if (m >= %dll || n >= %dll) { %s = 0; continue; }", c.mTot, c.nTot, acc)
	decompose(k, 3, "m", "rm", c.mDims, ext, idx)
	decompose(k, 3, "n", "rn", c.nDims, ext, idx)
	k.line(3, "%s = %s;", acc, o.el.load(o.buf, o.offset(idx)))
	k.line(2, "}")
}

// storeAccumulators emits, at depth 2, the loop that stores each
// accumulator inside the output, with ep (when not nil) fused after it.
func storeAccumulators(k *kernelBuilder, c *contraction, o *operand, loops, acc string, coords func(depth int), ext []int64, idx []string, ep *epilogue) error {
	k.line(2, "%s {", loops)
	coords(3)
	k.line(3, "if (m >= %dll || n >= %dll) continue;", c.mTot, c.nTot)
	decompose(k, 3, "m", "rm", c.mDims, ext, idx)
	decompose(k, 3, "n", "rn", c.nDims, ext, idx)
	if ep != nil && k.fwdOut {
		// Nothing but the epilogue reads the output: hand it over.
		k.outUnread = k.outZero
		if err := ep.emit(k, 3, idx, o.el.round(acc)); err != nil {
			return err
		}
	} else {
		k.line(3, "%s", o.el.store(o.buf, o.offset(idx), acc))
		if ep != nil {
			if err := ep.emit(k, 3, idx, ""); err != nil {
				return err
			}
		}
	}
	k.line(2, "}")
	return nil
}

// genContraction emits the tiled kernel, with ep (when not nil) fused
// after each output element's store.
func genContraction(k *kernelBuilder, bc *bodyCompiler, c *contraction, ops []*operand, idx []string, ext []int64, body *ir.Block, elems map[*plan.Buffer]elem, ep *epilogue) (*Kernel, error) {
	a, b, o := ops[0], ops[1], ops[2]
	tilesM, tilesN, tiles := c.tiles(tileM)
	// A tensor-core body first, when the contraction has one (tensorcore.go).
	mma := mmaKind(c, ops, body)
	k.form = FormTiled
	if mma != "" {
		k.form = FormTensorCores
		k.line(0, "#if defined(TL_MMA)")
		if err := genMMABody(k, c, ops, idx, ext, mma, false, ep); err != nil {
			return nil, err
		}
		k.line(0, "#elif defined(TL_MFMA_%s)", strings.ToUpper(mma))
		if err := genMMABody(k, c, ops, idx, ext, mma, true, ep); err != nil {
			return nil, err
		}
		k.line(0, "#else")
	}
	k.line(1, "__shared__ %s sa[%d][%d];", a.el.reg, tileK, tileM)
	k.line(1, "__shared__ %s sb[%d][%d];", b.el.reg, tileK, tileN)
	k.line(1, "const int tx = threadIdx.x %% 16, ty = threadIdx.x / 16;")
	split := splitFor(c, tiles, 16, o.el.reg, sumsOutput(body, o))
	if split.split() {
		// The 64×64 tile's split, which the tensor-core bodies' small
		// tile makes too (a large tile never splits: it needs more tiles).
		k.form += fmt.Sprintf(", K in %d parts", split.parts)
	}
	split.open(k, c.kTot)
	k.line(2, "const i64 tn = t %% %d, tm = (t / %d) %% %d, tb = t / %d;", tilesN, tilesN, tilesM, tilesN*tilesM)
	decompose(k, 2, "tb", "rb", c.bDims, ext, idx)
	k.line(2, "%s acc[4][4];", o.el.reg)
	// Thread (tx, ty) holds outputs (ty + 16i, tx + 16j) of the tile.
	const loops = unrolled + "for (int i = 0; i < 4; ++i) " + unrolled + "for (int j = 0; j < 4; ++j)"
	coords := func(depth int) {
		k.line(depth, "const i64 m = tm * %d + ty + 16 * i, n = tn * %d + tx + 16 * j;", tileM, tileN)
	}
	split.initAccumulators(k, c, o, loops, "acc[i][j]", coords, ext, idx)
	stageRows(k, c, a, b, ext, idx)
	kFrom, kTo := split.kRange(c.kTot)
	k.line(2, "for (i64 k0 = %s; k0 < %s; k0 += %d) {", kFrom, kTo, tileK)
	stageSlices(k, c, a, b, ext, idx, false, func(q int) string { return [2]string{"sa", "sb"}[q] + "[kk][mm]" })
	k.line(3, "__syncthreads();")
	k.line(3, "const int kn = %dll - k0 < %d ? (int)(%dll - k0) : %d;", c.kTot, tileK, c.kTot, tileK)
	k.line(3, "#pragma unroll 1")
	k.line(3, "for (int kk = 0; kk < kn; ++kk) {")
	k.line(4, "#pragma unroll")
	k.line(4, "for (int i = 0; i < 4; ++i) {")
	k.line(5, "#pragma unroll")
	k.line(5, "for (int j = 0; j < 4; ++j) {")
	k.line(6, "const %s a0 = sa[kk][ty + 16 * i];", a.el.reg)
	k.line(6, "const %s a1 = sb[kk][tx + 16 * j];", b.el.reg)
	if err := accumulate(k, bc, body, ops, "a0", "a1", "acc[i][j]", 6); err != nil {
		return nil, err
	}
	k.line(5, "}")
	k.line(4, "}")
	k.line(3, "}")
	k.line(3, "__syncthreads();")
	k.line(2, "}")
	split.combine(k, loops, "acc[i][j]", "(i * 4 + j)")
	if err := storeAccumulators(k, c, o, loops, "acc[i][j]", coords, ext, idx, ep); err != nil {
		return nil, err
	}
	k.line(1, "}")
	if mma != "" {
		k.line(0, "#endif")
	}
	k.ownLaunch = true
	kern := k.finish(ep.withElems(elems), int(min(tiles*split.parts, maxGrid)))
	kern.Sync = true
	if mma != "" {
		kern.GridMMA = int(min(mmaItems(c), maxGrid))
	}
	return kern, nil
}

// accumulate emits, at depth, a contraction's body for one term: the
// factors' values named aVal and bVal (ops[0]'s and ops[1]'s), the
// accumulator acc, which takes the body's yield.
func accumulate(k *kernelBuilder, bc *bodyCompiler, body *ir.Block, ops []*operand, aVal, bVal, acc string, depth int) error {
	bc.depth = depth
	bc.names[ops[0].arg] = aVal
	bc.names[ops[1].arg] = bVal
	if o := ops[2]; o.arg != nil {
		bc.names[o.arg] = acc
	}
	yield, err := bc.compile(body)
	if err != nil {
		return err
	}
	if len(yield) != 1 {
		return fmt.Errorf("linalg.yield has %d values for 1 output", len(yield))
	}
	v, err := bc.value(body.Terminator(), yield[0])
	if err != nil {
		return err
	}
	k.line(depth, "%s = %s;", acc, v)
	return nil
}
