package codegen

import (
	"fmt"
	"strings"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

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

func matchContraction(s *plan.Step, body *ir.Block, iters []string, thread, inner []int, hoist []bool, ops []*operand, ext []int64) *contraction {
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
	if c.mTot < contractMinMN || c.nTot < contractMinMN || c.kTot < contractMinK {
		return nil
	}
	return c
}

// stageSlices emits, at depth 3, the loops that copy the tileK-deep slice
// of K from k0 of both factors into shared memory: element (kk, mm) of a's
// rows of m tile tm and of b's rows of n tile tn, zero outside them, to
// the place at(0) and at(1) name. raw keeps the values as stored (16-bit
// patterns, for the matrix units); otherwise they are loaded into
// registers.
func stageSlices(k *kernelBuilder, c *contraction, a, b *operand, ext []int64, idx []string, raw bool, at func(q int) string) {
	for q, st := range []struct {
		op   *operand
		dims []int
		tot  int64
		r    string
		tile string
	}{{a, c.mDims, c.mTot, "rm", "tm"}, {b, c.nDims, c.nTot, "rn", "tn"}} {
		k.line(3, "for (int e = threadIdx.x; e < %d; e += %d) {", tileK*tileM, BlockSize)
		k.line(4, "const int kk = e / %d, mm = e %% %d;", tileM, tileM)
		k.line(4, "const i64 k = k0 + kk, m = %s * %d + mm;", st.tile, tileM)
		load, typ := st.op.el.load(st.op.buf, st.op.offset(idx)), st.op.el.reg
		if raw {
			load, typ = fmt.Sprintf("%s[%s]", st.op.buf, st.op.offset(idx)), "unsigned short"
		}
		k.line(4, "%s v = 0;", typ)
		k.line(4, "if (k < %dll && m < %dll) {", c.kTot, st.tot)
		decompose(k, 5, "k", "rk", c.kDims, ext, idx)
		decompose(k, 5, "m", st.r, st.dims, ext, idx)
		k.line(5, "v = %s;", load)
		k.line(4, "}")
		k.line(4, "%s = v;", at(q))
		k.line(3, "}")
	}
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
	tilesM := (c.mTot + tileM - 1) / tileM
	tilesN := (c.nTot + tileN - 1) / tileN
	tiles := c.bTot * tilesM * tilesN
	// A tensor-core body first, when the contraction has one (tensorcore.go).
	mma := mmaKind(c, ops, body)
	if mma != "" {
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
	k.line(1, "for (i64 t = blockIdx.x; t < %dll; t += gridDim.x) {", tiles)
	k.line(2, "const i64 tn = t %% %d, tm = (t / %d) %% %d, tb = t / %d;", tilesN, tilesN, tilesM, tilesN*tilesM)
	decompose(k, 2, "tb", "rb", c.bDims, ext, idx)
	k.line(2, "%s acc[4][4];", o.el.reg)
	// Thread (tx, ty) holds outputs (ty + 16i, tx + 16j) of the tile.
	const loops = "for (int i = 0; i < 4; ++i) for (int j = 0; j < 4; ++j)"
	coords := func(depth int) {
		k.line(depth, "const i64 m = tm * %d + ty + 16 * i, n = tn * %d + tx + 16 * j;", tileM, tileN)
	}
	initAccumulators(k, c, o, loops, "acc[i][j]", coords, ext, idx)
	k.line(2, "for (i64 k0 = 0; k0 < %dll; k0 += %d) {", c.kTot, tileK)
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
	bc.depth = 6
	bc.names[a.arg] = "a0"
	bc.names[b.arg] = "a1"
	if o.arg != nil {
		bc.names[o.arg] = "acc[i][j]"
	}
	yield, err := bc.compile(body)
	if err != nil {
		return nil, err
	}
	if len(yield) != 1 {
		return nil, fmt.Errorf("linalg.yield has %d values for 1 output", len(yield))
	}
	v, err := bc.value(body.Terminator(), yield[0])
	if err != nil {
		return nil, err
	}
	k.line(6, "acc[i][j] = %s;", v)
	k.line(5, "}")
	k.line(4, "}")
	k.line(3, "}")
	k.line(3, "__syncthreads();")
	k.line(2, "}")
	if err := storeAccumulators(k, c, o, loops, "acc[i][j]", coords, ext, idx, ep); err != nil {
		return nil, err
	}
	k.line(1, "}")
	if mma != "" {
		k.line(0, "#endif")
	}
	kern := k.finish(ep.withElems(elems), int(min(tiles, maxGrid)))
	kern.Sync = true
	return kern, nil
}
