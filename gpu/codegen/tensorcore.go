package codegen

import (
	"fmt"

	"github.com/torchlower/torchlower/ir"
)

// Tensor-core contractions. A tiled contraction whose inputs are both f16
// or both bf16 and whose body is the widening multiply-add the lowering
// makes of every f16/bf16 convolution and matmul (out + extf(a)·extf(b)
// into f32) is what the matrix units compute: NVIDIA's
// mma.sync.m16n8k16 (a warp's 16×8 tile of f32 accumulators plus a 16×16
// by 16×8 product of 16-bit values) and AMD's v_mfma_f32_16x16x16 (a
// wavefront's 16×16 tile), each product exact in f32. genContraction then
// emits more bodies for the same kernel (same block and parameters; a
// grid of its own, GridMMA, for NVIDIA's larger tiles),
// selected by the prelude: TL_MMA on NVIDIA sm_80 and newer, a pipelined
// body with tiles of 64×64 or 128×128 (mma.go); TL_MFMA_BF16 and
// TL_MFMA_F16 on AMD (bf16 on gfx90a and gfx94x, f16 on gfx94x only:
// gfx90a's f16 MFMA flushes subnormals), where the four wavefronts of a
// block each own a 16×64 slice of its 64×64 tile (four 16×16×16 tiles).
// Both stage 16-bit values in shared memory, unconverted. Everywhere else
// the scalar tiled body runs as before.
//
// Results differ from the CPU's in the last bits: the tensor cores add a
// tile's products in an order (and with an internal precision) of their
// own, which the e2e tolerances for f16 and bf16 absorb. The host
// emulation (TL_HOST_MMA, TL_HOST_MFMA; host_test.go) performs each
// instruction from the fragments as the vendor lays them out (the PTX
// ISA; AMD's matrix instruction calculator), adding in K order: there the
// bodies must give the CPU's bits, which checks the fragment and tile
// indexing without a GPU.

// mmaKind is "f16" or "bf16" when c, with operands ops and body body, can
// run on tensor cores, else "".
func mmaKind(c *contraction, ops []*operand, body *ir.Block) string {
	a, b, o := ops[0], ops[1], ops[2]
	if a.el.ctype != b.el.ctype || (a.el.ctype != "h16" && a.el.ctype != "b16") || o.el.ctype != "float" || o.arg == nil {
		return ""
	}
	if c.kTot < mmaK {
		return ""
	}
	args := body.Args()
	if len(args) != 3 {
		return ""
	}
	// extf(a), extf(b), mulf, addf with the output, yield: in any order of
	// the two extf, of mulf's operands and of addf's.
	var ext [2]*ir.Value
	var prod, sum *ir.Value
	for op := body.First(); op != nil; op = op.Next() {
		switch {
		case op.Name == "arith.extf" && op.NumOperands() == 1 && (op.Operand(0) == args[0] || op.Operand(0) == args[1]):
			i := 0
			if op.Operand(0) == args[1] {
				i = 1
			}
			if ext[i] != nil {
				return ""
			}
			ext[i] = op.Result(0)
		case op.Name == "arith.mulf" && prod == nil && ext[0] != nil && ext[1] != nil && sameOperands(op, ext[0], ext[1]):
			prod = op.Result(0)
		case op.Name == "arith.addf" && sum == nil && prod != nil && sameOperands(op, args[2], prod):
			sum = op.Result(0)
		case op.Name == "linalg.yield" && sum != nil && op.NumOperands() == 1 && op.Operand(0) == sum && op.Next() == nil:
			if a.el.ctype == "h16" {
				return "f16"
			}
			return "bf16"
		default:
			return ""
		}
	}
	return ""
}

// sameOperands reports whether op's two operands are x and y, in either
// order.
func sameOperands(op *ir.Operation, x, y *ir.Value) bool {
	return op.NumOperands() == 2 && ((op.Operand(0) == x && op.Operand(1) == y) || (op.Operand(0) == y && op.Operand(1) == x))
}

// AMD's MFMA body's tiling: the block's 64×64 tile (tileM × tileN) in
// 16-deep slices of K, each of its four wavefronts a 16×64 slice of the
// tile (four 16×16×16 instructions). NVIDIA's body has its own (mma.go).
const (
	mmaK = tileK // the staged slice (stageSlices) is one instruction deep
	// mmaRow is a staged row's length in 16-bit values: 16, padded so
	// that the rows a fragment load reads fall in distinct banks.
	mmaRow = 24
)

// genMMABody emits a tensor-core body of c's kernel (see the file
// comment), kind "f16" or "bf16": AMD's MFMA when amd is set, else
// NVIDIA's mma.sync (genMMABodyNV), ep fused after each store.
func genMMABody(k *kernelBuilder, c *contraction, ops []*operand, idx []string, ext []int64, kind string, amd bool, ep *epilogue) error {
	if !amd {
		return genMMABodyNV(k, c, ops, idx, ext, kind, ep)
	}
	a, b, o := ops[0], ops[1], ops[2]
	tilesM, tilesN, tiles := c.tiles(tileM)
	k.line(1, "__shared__ unsigned short ma[%d][%d];", tileM, mmaRow)
	k.line(1, "__shared__ unsigned short mb[%d][%d];", tileN, mmaRow)
	// Wavefronts of 64: wave wp owns rows 16·wp of the tile, all 64
	// columns; lane ln is row (or column) ln % 16 of a 16×16 tile, and
	// its k (or accumulator rows) 4·(ln / 16) and the next three.
	k.line(1, "const int ln = threadIdx.x %% 64, wp = threadIdx.x / 64, lr = ln %% 16, lq = ln / 16;")
	tilesPerWarp := tileN / 16
	split := splitFor(c, tiles, 4*tilesPerWarp, "float", true)
	split.open(k, c.kTot)
	k.line(2, "const i64 tn = t %% %d, tm = (t / %d) %% %d, tb = t / %d;", tilesN, tilesN, tilesM, tilesN*tilesM)
	decompose(k, 2, "tb", "rb", c.bDims, ext, idx)
	// acc[j][r]: instruction tile j's accumulator r, at row 4·lq + r and
	// column lr of a 16×16 tile.
	k.line(2, "float acc[%d][4];", tilesPerWarp)
	coords := func(depth int) {
		k.line(depth, "const i64 m = tm * %d + wp * 16 + 4 * lq + r, n = tn * %d + j * 16 + lr;", tileM, tileN)
	}
	loops := fmt.Sprintf("%[1]sfor (int j = 0; j < %[2]d; ++j) %[1]sfor (int r = 0; r < 4; ++r)", unrolled, tilesPerWarp)
	split.initAccumulators(k, c, o, loops, "acc[j][r]", coords, ext, idx)
	stageRows(k, c, a, b, ext, idx)
	kFrom, kTo := split.kRange(c.kTot)
	k.line(2, "for (i64 k0 = %s; k0 < %s; k0 += %d) {", kFrom, kTo, mmaK)
	// Stage the slice as 16-bit values, zero outside the operands (a
	// zero product leaves every accumulator as it was), a row per m (n)
	// with its k contiguous: the fragments' quadruples.
	stageSlices(k, c, a, b, ext, idx, true, func(q int) string { return [2]string{"ma", "mb"}[q] + "[mm][kk]" })
	k.line(3, "__syncthreads();")
	// The fragments (v_mfma_f32_16x16x16f16 and _16x16x16bf16_1k): A row
	// lr, B column lr, each k 4·lq to 4·lq + 3.
	k.line(3, "const unsigned short* fa = &ma[wp * 16 + lr][4 * lq];")
	k.line(3, "#pragma unroll")
	k.line(3, "for (int j = 0; j < %d; ++j) tl_mfma_%s(acc[j], fa, &mb[j * 16 + lr][4 * lq]);", tilesPerWarp, kind)
	k.line(3, "__syncthreads();")
	k.line(2, "}")
	split.combine(k, loops, "acc[j][r]", "(j * 4 + r)")
	if err := storeAccumulators(k, c, o, loops, "acc[j][r]", coords, ext, idx, ep); err != nil {
		return err
	}
	k.line(1, "}")
	return nil
}
