package preprocessing

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/ir/pass"
)

// ReductionLastOperands lays out the f16/bf16 factors of a contraction
// with their reduction dims innermost, for NVIDIA's tensor cores: an
// m16n8k16 takes 16 consecutive k of a row, so the kernel stages a
// factor best as rows of contiguous K, eight values to a 16-byte load
// (gpu/codegen/mma.go, byK8). NCHW's dy is (n, f, h, w) for a data
// gradient, K = f strided by H·W; the weights are (f, c, kh, kw), K =
// (f, kh, kw) with f strided by C·KH·KW: neither has K as one contiguous
// run. IREE's convert-conv-to-channels-last and transpose-matmul make the
// same trade: one transpose of the factor (a copy at memory speed; the
// weights' is small) for a contraction that reads it in wide loads. The
// CPU's contraction, and AMD's matrix-core body, read their factors by
// rows of the output and gain nothing: only CUDA's pipelines run this.
//
// Pre: valid IR. The pass matches a linalg.generic C with two inputs of
// f16 or bf16 element type and static shapes, one f32 output, a
// multiply-accumulate body (isMACBody), a reduction loop longer than 1,
// and M, N and K of at least 16 (tensorCoreShaped: what the tensor cores
// run). It transposes each input X
//   - multiplied into at least minTransposeReuse outputs per element (N
//     for input 0, M for input 1),
//   - whose map has results that are single reduction loops (a dim of X
//     only K indexes, like dy's f), one of them the innermost loop of K
//     (its last reduction loop longer than 1),
//   - where those dims are not already X's last in loop order.
//
// Post: C reads X through linalg.transpose(X) into a tensor.empty, created
// just before C, whose dim order is X's other dims in their order, then
// those reduction dims in loop order; C's map of X has its results
// permuted the same way. C reads the same element of X at every point of
// its loops as before, so results are bitwise equal. C then no longer
// matches (the pass is idempotent).
var ReductionLastOperands = &pass.Def{
	Name:    "reduction-last-operands",
	Summary: "transpose the f16/bf16 factors of contractions so that their reduction dims are innermost (the layout GPU matrix units stage)",
	Run: func(op *ir.Operation, c *pass.Context) error {
		_, err := pass.ApplyPatternsGreedily(c.IR, op, []*ir.Pattern{ReductionLastOperandsPattern()}, pass.GreedyConfig{})
		return err
	},
}

// ReductionLastOperandsPattern is the rewrite as a pattern.
func ReductionLastOperandsPattern() *ir.Pattern {
	return &ir.Pattern{Name: "reduction-last-operands", Root: linalg.Generic, Rewrite: rewriteReductionLast}
}

// reductionDimsLast is the dim order of an operand with map m that puts
// the dims m indexes by a bare reduction loop (NCHW dy's f) last, in loop
// order, the others keeping theirs; loops are those dims' loops, and
// identity says the order is the operand's own.
func reductionDimsLast(m affine.Map, iters []string) (perm []int64, loops []int, identity bool) {
	type red struct{ dim, loop int }
	var last []red
	for j, e := range m.Results {
		if d, ok := e.AsDim(); ok && iters[d] == linalg.Reduction {
			last = append(last, red{j, d})
		} else {
			perm = append(perm, int64(j))
		}
	}
	slices.SortStableFunc(last, func(a, b red) int { return a.loop - b.loop })
	for _, r := range last {
		perm = append(perm, int64(r.dim))
		loops = append(loops, r.loop)
	}
	identity = true
	for i, j := range perm {
		identity = identity && j == int64(i)
	}
	return perm, loops, identity
}

// transposed is x read through linalg.transpose (perm as its
// permutation) into a tensor.empty, both built at b.
func transposed(b *ir.Builder, loc ir.Location, x *ir.Value, perm []int64) *ir.Value {
	xt := x.Type().(ir.RankedTensorType)
	shape := make([]int64, len(perm))
	for i, j := range perm {
		shape[i] = xt.Shape[j]
	}
	init := tensor.NewEmpty(b, loc, ir.Tensor(xt.Elem, shape...), nil)
	return linalg.NewTranspose(b, loc, x, init, perm).Result(0)
}

// reductionLastPerm is reductionDimsLast's order for a factor with map
// m, and whether to transpose it to that order: only when it is not its
// order already and it makes the innermost loop of K (the last reduction
// loop longer than 1, ext the loops' extents) the factor's innermost dim.
// A 3x3 convolution's dy is read at h + kh, w + kw: K's innermost loop
// (kw) is no dim of its own, so moving f last would only scatter the
// rows that NCHW keeps contiguous.
func reductionLastPerm(m affine.Map, iters []string, ext []int64) ([]int64, bool) {
	innerK := -1
	for d, it := range iters {
		if it == linalg.Reduction && ext[d] > 1 {
			innerK = d
		}
	}
	if innerK < 0 {
		return nil, false
	}
	perm, loops, identity := reductionDimsLast(m, iters)
	return perm, !identity && slices.Contains(loops, innerK)
}

func rewriteReductionLast(c *ir.Operation, rw *ir.Rewriter) bool {
	if len(linalg.Inputs(c)) != 2 || len(linalg.Outputs(c)) != 1 || !isMACBody(linalg.Body(c)) {
		return false
	}
	iters := linalg.IteratorTypes(c)
	if !slices.Contains(iters, linalg.Reduction) {
		return false
	}
	maps := linalg.IndexingMaps(c)
	ext, ok := loopExtents(c)
	if !ok {
		return false
	}
	mTot, nTot, ok := tensorCoreShaped(c, maps, iters, ext)
	if !ok {
		return false
	}
	// The extent each factor is reused across: input 0's rows meet N
	// columns, input 1's M rows.
	reuse := [2]int64{nTot, mTot}
	type change struct {
		k    int
		perm []int64
	}
	var changes []change
	for k := 0; k < 2; k++ {
		t, ok := c.Operand(k).Type().(ir.RankedTensorType)
		if !ok || !is16BitFloat(t.Elem) || !t.HasStaticShape() {
			return false
		}
		if perm, ok := reductionLastPerm(maps[k], iters, ext); ok && reuse[k] >= minTransposeReuse {
			changes = append(changes, change{k, perm})
		}
	}
	if len(changes) == 0 {
		return false
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(c)
	newMaps := slices.Clone(maps)
	for _, ch := range changes {
		res := make([]affine.Expr, len(ch.perm))
		for i, j := range ch.perm {
			res[i] = maps[ch.k].Results[j]
		}
		xT := transposed(b, c.Loc, c.Operand(ch.k), ch.perm)
		newMaps[ch.k] = affine.NewMap(maps[ch.k].NumDims, maps[ch.k].NumSymbols, res...)
		rw.ModifyInPlace(c, func() { c.SetOperand(ch.k, xT) })
	}
	rw.ModifyInPlace(c, func() { c.SetAttr(linalg.IndexingMapsAttr, linalg.MapsAttr(newMaps)) })
	return true
}

// minTransposeReuse is how many output columns (rows) a factor's element
// must be multiplied into for its transpose to pay: the transpose reads
// and writes the factor once more, about what a memory-bound contraction
// spends on it in all, while a 16-byte load saves instructions only
// where the tensor cores, not memory, set the pace. At 256 columns an
// f16 element takes 512 flops, 256 a byte: about an H100's balance (989
// dense f16 TFLOP/s over 3.35 TB/s, some 300). The seeds' 1x1 data
// gradients have 448 to 1024 (their dy is transposed), except one with
// 32 (it reads dy as it is); their weights meet tens of thousands of
// rows.
const minTransposeReuse = 256

// tensorCoreShaped reports whether contraction c is one the GPU runs on
// its tensor cores (gpu/codegen's mmaKind and groupContraction): an f32
// accumulator, and M (the loops only input 0 indexes), N (only input 1)
// and K at least 16, and returns M and N. A smaller one runs a thread
// per output, each summing its K alone, where K-contiguous factors would
// only spread a warp's loads over K-long rows.
func tensorCoreShaped(c *ir.Operation, maps []affine.Map, iters []string, ext []int64) (mTot, nTot int64, ok bool) {
	out, isTensor := c.Operand(2).Type().(ir.RankedTensorType)
	if f, isFloat := out.Elem.(ir.FloatType); !isTensor || !isFloat || f.Kind != ir.F32 {
		return 0, 0, false
	}
	uses := func(m affine.Map, d int) bool {
		return slices.ContainsFunc(m.Results, func(e affine.Expr) bool { return affine.IsFunctionOfDim(e, d) })
	}
	mTot, nTot, kTot := int64(1), int64(1), int64(1)
	const tensorCoreMin = 16 // an m16n8k16's M and K; N, the codegen's tiled minimum
	for d, it := range iters {
		a, b := uses(maps[0], d), uses(maps[1], d)
		switch {
		case it == linalg.Reduction:
			kTot *= ext[d]
		case a && !b:
			mTot *= ext[d]
		case b && !a:
			nTot *= ext[d]
		}
	}
	return mTot, nTot, mTot >= tensorCoreMin && nTot >= tensorCoreMin && kTot >= tensorCoreMin
}

// is16BitFloat reports whether t is f16 or bf16.
func is16BitFloat(t ir.Type) bool {
	f, ok := t.(ir.FloatType)
	return ok && (f.Kind == ir.F16 || f.Kind == ir.BF16)
}
