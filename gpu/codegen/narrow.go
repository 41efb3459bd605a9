package codegen

import (
	"fmt"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// Narrow contractions. A contraction with one side too narrow for a
// tile (at most narrowMax outputs along N, or along M) is what the data
// gradient of a convolution with few channels on one side is: 3 image
// channels against 32 filters, or a grouped convolution's 8 channels a
// group. As thread per output, each of a row's narrow-side outputs
// loads the same wide-side element again for every k, and works out the
// same offsets; so a thread takes a whole row instead (one point of the
// wide side, all of the narrow side, in registers; or up to four rows,
// narrowFill) and loads each wide-side element once, the narrow side's
// offsets being constants once the loop over them is unrolled. Each output still takes its terms in
// K order in one thread, through the generic's own body: the CPU's bits.
const narrowMax = 16

// narrowUnroll bounds the iterations of the innermost K loops a narrow
// contraction unrolls: a 2×2 phase's taps. With 16, the loop over a
// group's 8 channels was unrolled too, every load of it hoisted, and the
// kernel spilled under its register bound (TestSeedKernelsFitRegisters).
const narrowUnroll = 4

// narrowing is a contraction seen as rows (the wide side's points) of
// cols narrow outputs: row and col name the factors (0 for a, 1 for b)
// whose loops they are.
type narrowing struct {
	*contraction
	row, col         int
	rowDims, colDims []int
	rowTot, colTot   int64
}

// matchNarrow is c as rows of a narrow side, when one side has 2 to
// narrowMax outputs (a tiled contraction wants both at least
// contractMinMN; one output wide is thread per output already).
func matchNarrow(c *contraction) *narrowing {
	switch {
	case c.nTot >= 2 && c.nTot <= narrowMax && c.mTot >= c.nTot:
		return &narrowing{contraction: c, row: 0, col: 1, rowDims: c.mDims, colDims: c.nDims, rowTot: c.mTot, colTot: c.nTot}
	case c.mTot >= 2 && c.mTot <= narrowMax && c.nTot > c.mTot:
		return &narrowing{contraction: c, row: 1, col: 0, rowDims: c.nDims, colDims: c.mDims, rowTot: c.nTot, colTot: c.mTot}
	}
	return nil
}

// narrowFill is how many threads keep a GPU busy (about a thousand a
// multiprocessor of an H100's 132). A narrow contraction with rows to
// spare for twice or four times that many gives a thread two or four
// rows: each column element (a weight) is then loaded once for all of
// them, and the rows' loads are independent of each other. A variable
// for the tests (export_test.go), whose contractions are small.
var narrowFill int64 = 1 << 17

// narrowBlockRows is the rows a thread slot of a block needs for a
// thread to take several: a block's rows are of one batch point, so
// with fewer most of its threads would have none. A variable for the
// tests, with narrowFill.
var narrowBlockRows int64 = BlockSize

// rowsPerThread is how many rows a thread of nw takes: 4, 2 or 1, with
// at most narrowAccBytes of accumulators, and rows enough for a block
// (a block's rows are of one batch point) as well as for the GPU.
func (nw *narrowing) rowsPerThread(accSize int64) int {
	for _, r := range []int{4, 2} {
		if nw.bTot*nw.rowTot >= int64(r)*narrowFill && nw.rowTot >= int64(r)*narrowBlockRows && int64(r)*nw.colTot*accSize <= narrowAccBytes {
			return r
		}
	}
	return 1
}

// narrowAccBytes bounds a narrow kernel's accumulators (rows × columns ×
// their size) for narrowMinBlocks blocks a multiprocessor: four, at most
// 64 registers a thread on NVIDIA (half the threads a multiprocessor
// holds; on AMD the bound asks for waves, not registers). Unbounded,
// ptxas gave a grouped data gradient's kernel (4 rows of 8) 222
// registers, a block a multiprocessor. A single row of more (16 f64
// columns) is compiled for two blocks, 128 registers.
const (
	narrowAccBytes  = 64
	narrowMinBlocks = 4
)

// genNarrow emits the narrow contraction's kernel: a block takes R rows
// a thread of one batch point, thread t of B rows t + B·q (q < R, so
// that a warp's loads of each stay coalesced), with their colTot outputs
// in registers; ep (when not nil) is fused after each output's store.
func genNarrow(k *kernelBuilder, bc *bodyCompiler, nw *narrowing, ops []*operand, idx []string, ext []int64, body *ir.Block, elems map[*plan.Buffer]elem, ep *epilogue) (*Kernel, error) {
	k.form = FormNarrow
	rowOp, colOp, o := ops[nw.row], ops[nw.col], ops[2]
	// An accumulator's register: a float for f16, bf16 and f32, eight
	// bytes for f64 and every integer (held as i64).
	accSize := int64(8)
	if o.el.reg == "float" {
		accSize = 4
	}
	rows := nw.rowsPerThread(accSize)
	k.minBlocks = narrowMinBlocks
	if int64(rows)*nw.colTot*accSize > narrowAccBytes {
		k.minBlocks = narrowMinBlocks / 2
	}
	span := int64(BlockSize * rows)
	blocks := nw.bTot * ((nw.rowTot + span - 1) / span)
	// The block's size is read, not assumed (as in a grid-stride loop):
	// the host emulation runs such kernels a thread a block.
	k.line(1, "const i64 span = (i64)blockDim.x * %d, groups = (%dll + span - 1) / span;", rows, nw.rowTot)
	blockLoop(k, "g", fmt.Sprintf("%dll * groups", nw.bTot))
	k.line(2, "const i64 tb = g / groups, rg = g %% groups;")
	decompose(k, 2, "tb", "rb", nw.bDims, ext, idx)
	// Each row's offset in the row factor but for K (its row and batch
	// loops; a row past the end reads the last one's, and stores
	// nothing), and the column factor's but for K and its columns (batch
	// loops only). The rows' indices are scoped: the accumulators' loops
	// below name them again.
	k.line(2, "i64 ro[%d];", rows)
	k.line(2, "%sfor (int q = 0; q < %d; ++q) {", unrolled, rows)
	k.line(3, "const i64 rw = rg * span + threadIdx.x + (i64)blockDim.x * q;")
	decompose(k, 3, fmt.Sprintf("(rw < %dll ? rw : %dll)", nw.rowTot, nw.rowTot-1), "rr", nw.rowDims, ext, idx)
	k.line(3, "ro[q] = %s;", offsetExpr(rowOp.base, idx, without(rowOp.coef, nw.kDims)))
	k.line(2, "}")
	k.line(2, "const i64 co = %s;", offsetExpr(colOp.base, idx, without(without(colOp.coef, nw.kDims), nw.colDims)))
	k.line(2, "%s acc[%d][%d];", o.el.reg, rows, nw.colTot)
	loops := fmt.Sprintf("%[1]sfor (int q = 0; q < %[2]d; ++q) %[1]sfor (int c = 0; c < %[3]d; ++c)", unrolled, rows, nw.colTot)
	coords := func(depth int) {
		k.line(depth, "const i64 rw = rg * span + threadIdx.x + (i64)blockDim.x * q;")
		if nw.row == 0 {
			k.line(depth, "const i64 m = rw, n = c;")
		} else {
			k.line(depth, "const i64 m = c, n = rw;")
		}
	}
	initAccumulators(k, nw.contraction, o, loops, "acc[q][c]", coords, ext, idx)
	// K in the generic's loop order. The innermost loops, up to
	// narrowUnroll iterations together (a phase's taps), are unrolled;
	// the others not, as thread per output's: long unrolled reductions
	// compile slowly and gain little.
	unrollFrom, inner := len(nw.kDims), int64(1)
	for unrollFrom > 0 && inner*ext[nw.kDims[unrollFrom-1]] <= narrowUnroll {
		unrollFrom--
		inner *= ext[nw.kDims[unrollFrom]]
	}
	depth := openLoops(k, 2, nw.kDims, ext, idx, unrollFrom)
	k.line(depth, "const i64 rk = %s;", offsetExpr("0", idx, only(rowOp.coef, nw.kDims)))
	k.line(depth, "%s ra[%d];", rowOp.el.reg, rows)
	k.line(depth, "%sfor (int q = 0; q < %d; ++q) ra[q] = %s;", unrolled, rows, rowOp.el.load(rowOp.buf, "ro[q] + rk"))
	k.line(depth, "const i64 ck = %s;", offsetExpr("co", idx, only(colOp.coef, nw.kDims)))
	k.line(depth, "%sfor (int c = 0; c < %d; ++c) {", unrolled, nw.colTot)
	// The column's offset is a constant once the loop is unrolled.
	decompose(k, depth+1, "c", "rc", nw.colDims, ext, idx)
	colVal := fmt.Sprintf("a%d", nw.col)
	k.line(depth+1, "const %s %s = %s;", colOp.el.reg, colVal, colOp.el.load(colOp.buf, offsetExpr("ck", idx, only(colOp.coef, nw.colDims))))
	k.line(depth+1, "%sfor (int q = 0; q < %d; ++q) {", unrolled, rows)
	vals := [2]string{}
	vals[nw.row], vals[nw.col] = "ra[q]", colVal
	if err := accumulate(k, bc, body, ops, vals[0], vals[1], "acc[q][c]", depth+2); err != nil {
		return nil, err
	}
	k.line(depth+1, "}")
	k.line(depth, "}")
	closeLoops(k, 2, depth)
	if err := storeAccumulators(k, nw.contraction, o, loops, "acc[q][c]", coords, ext, idx, ep); err != nil {
		return nil, err
	}
	k.line(1, "}")
	return k.finish(ep.withElems(elems), int(min(blocks, maxGrid))), nil
}
