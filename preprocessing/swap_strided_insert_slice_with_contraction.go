package preprocessing

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/ir/pass"
)

// SwapStridedInsertSliceWithContraction runs a contraction on the small
// source of a strided scatter and scatters its (small) result instead, when
// the contraction reads every scattered element at exactly one output
// position (conv-backward.md, preprocessing pass 2; IREE's
// SwapStridedInsertSliceWithContraction, seed 001). This is the 1x1
// backward-data convolution: s^D fewer multiply-adds, none of them by a
// scattered zero.
//
// Pre: valid IR. The pass matches X = tensor.insert_slice %S into Z where
//   - Z and the metadata are as StridedInsertSliceToGeneric requires (a +0
//     destination in either spelling, static metadata and shapes, equal
//     ranks, some stride > 1 on a dim of size > 1);
//   - X has one use, an input of a linalg.generic C with two inputs, one
//     init, at least one reduction loop, static loop extents, a
//     multiply-accumulate body (yield(add(out, mul(a, b))) with a and b the
//     two inputs, each possibly through one cast) and whose init is +0 in
//     either spelling (Z's off-lattice rows then stay 0);
//   - for every non-pass-through dim j of X, C's map of X has result j equal
//     to one parallel loop dim p_j once the reduction loops of extent 1 are
//     set to 0 (`d2 + d5` with d5 of extent 1 is d2; a 3x3 kernel's `d2 + d5`
//     or a strided `2*d2` are not), p_j is distinct per j, appears in no
//     other result of any map of C, and is a bare result of C's (projected
//     permutation) output map whose extent holds the lattice
//     offset_j + stride_j·(size_j − 1).
//
// The chain of consumers carried along: while the current value has one
// use and that use is a linalg.generic with one input (the value), one
// tensor.empty init, identity maps, parallel loops and a body that yields
// the input or one arith.extf/arith.truncf of it (these map +0 to +0, so the
// zeros of the scatter commute with them; a permuting map, an index-using
// or non-cast body stops the chain).
//
// Post: C and the carried chain are cloned to run on %S with the strided
// output dims shrunk to size_j (the maps are unchanged: over %S the loop p_j
// ranges over the lattice index), with a new zero-filled init; the last
// value is scattered with a strided tensor.insert_slice (offset_j and
// stride_j on the output dim of p_j) into linalg.fill(0) of a tensor.empty
// of the original type, which replaces the chain's last result. The old ops
// are erased. Results are bitwise equal: each kept output sums the same
// products in the same order, and the dropped ones were 0.
var SwapStridedInsertSliceWithContraction = &pass.Def{
	Name:    "swap-strided-insert-slice-with-contraction",
	Summary: "run a contraction with unit-extent reductions on the strided axes before the scatter, on the small source",
	Run: func(op *ir.Operation, c *pass.Context) error {
		_, err := pass.ApplyPatternsGreedily(c.IR, op, []*ir.Pattern{SwapStridedInsertSliceWithContractionPattern()}, pass.GreedyConfig{})
		return err
	},
}

// SwapStridedInsertSliceWithContractionPattern is the rewrite as a pattern.
func SwapStridedInsertSliceWithContractionPattern() *ir.Pattern {
	return &ir.Pattern{Name: "swap-strided-insert-slice-with-contraction", Root: tensor.InsertSlice, Rewrite: rewriteSwap}
}

// loopExtents infers the static extent of each loop of a structured op from
// the operand dims its maps read as bare loop dims.
func loopExtents(op *ir.Operation) ([]int64, bool) {
	maps := linalg.IndexingMaps(op)
	n := linalg.NumLoops(op)
	if maps == nil || len(maps) != op.NumOperands() {
		return nil, false
	}
	ext := make([]int64, n)
	for i := range ext {
		ext[i] = -1
	}
	for k, m := range maps {
		t, ok := op.Operand(k).Type().(ir.RankedTensorType)
		if !ok || !staticShape(t.Shape) || len(m.Results) != t.Rank() {
			return nil, false
		}
		for r, e := range m.Results {
			if d, ok := e.AsDim(); ok && ext[d] < 0 {
				ext[d] = t.Shape[r]
			}
		}
	}
	for _, e := range ext {
		if e < 0 {
			return nil, false
		}
	}
	return ext, true
}

// isMACBody reports whether a generic's body is yield(add(out, mul(a, b)))
// with a and b the two input arguments, each possibly through one cast.
func isMACBody(body *ir.Block) bool {
	if body == nil || len(body.Args()) != 3 {
		return false
	}
	y := body.Terminator()
	if y == nil || y.NumOperands() != 1 {
		return false
	}
	add := y.Operand(0).DefiningOp()
	if add == nil || (add.Name != arith.AddF && add.Name != arith.AddI) {
		return false
	}
	var mulV *ir.Value
	switch {
	case add.Operand(0) == body.Arg(2):
		mulV = add.Operand(1)
	case add.Operand(1) == body.Arg(2):
		mulV = add.Operand(0)
	default:
		return false
	}
	mul := mulV.DefiningOp()
	if mul == nil || (mul.Name != arith.MulF && mul.Name != arith.MulI) {
		return false
	}
	arg := func(v *ir.Value) int {
		if d := v.DefiningOp(); d != nil && d.NumOperands() == 1 && isCast(d.Name) {
			v = d.Operand(0)
		}
		if v.IsBlockArg() && v.OwnerBlock() == body {
			return v.Index()
		}
		return -1
	}
	a, b := arg(mul.Operand(0)), arg(mul.Operand(1))
	return (a == 0 && b == 1) || (a == 1 && b == 0)
}

func isCast(name string) bool {
	switch name {
	case arith.ExtF, arith.TruncF, arith.ExtSI, arith.ExtUI, arith.TruncI, arith.SIToFP, arith.UIToFP:
		return true
	}
	return false
}

// swapPlan is what the match found.
type swapPlan struct {
	ins    *ir.Operation // the insert_slice
	geom   scatterGeom
	zero   zeroDest
	c      *ir.Operation // the contraction
	xIdx   int           // X's operand index in c
	outDim map[int]int   // non-pass-through dim of X -> dim of c's output
	chain  []*ir.Operation
}

func matchSwap(op *ir.Operation) (*swapPlan, bool) {
	g, z, ok := matchStridedZeroInsert(op)
	if !ok {
		return nil, false
	}
	x := op.Result(0)
	if !x.HasOneUse() {
		return nil, false
	}
	use := x.Uses()[0]
	c := use.Owner()
	if c.Name != linalg.Generic || len(linalg.Inputs(c)) != 2 || len(linalg.Outputs(c)) != 1 || c.NumResults() != 1 || use.Index() >= 2 {
		return nil, false
	}
	if !isMACBody(linalg.Body(c)) {
		return nil, false
	}
	if _, ok := matchZeroDest(c.Operand(2)); !ok || !c.Operand(2).HasOneUse() {
		return nil, false
	}
	iters := linalg.IteratorTypes(c)
	ext, ok := loopExtents(c)
	if !ok {
		return nil, false
	}
	hasRed := false
	for _, it := range iters {
		hasRed = hasRed || it == linalg.Reduction
	}
	if !hasRed {
		return nil, false
	}
	maps := linalg.IndexingMaps(c)
	xm, om := maps[use.Index()], maps[2]
	if !om.IsProjectedPermutation() {
		return nil, false
	}
	// Reduction loops of extent 1 read index 0.
	repl := make([]affine.Expr, xm.NumDims)
	for d := range repl {
		repl[d] = affine.Dim(d)
		if iters[d] == linalg.Reduction && ext[d] == 1 {
			repl[d] = affine.Const(0)
		}
	}
	xs := xm.ReplaceDimsAndSymbols(repl, nil, xm.NumDims, xm.NumSymbols).Simplify()
	outDim := map[int]int{}
	used := map[int]bool{}
	outShape := c.Result(0).Type().(ir.RankedTensorType).Shape
	for j := 0; j < g.dst.Rank(); j++ {
		if g.passThrough(j) {
			continue
		}
		p, ok := xs.Results[j].AsDim()
		if !ok || iters[p] != linalg.Parallel || used[p] {
			return nil, false
		}
		used[p] = true
		// p must appear nowhere else: not in the other input, not in other
		// results of X's map.
		for k, m := range maps[:2] {
			for r, e := range m.Results {
				if (k != use.Index() || r != j) && affine.IsFunctionOfDim(e, p) {
					return nil, false
				}
			}
		}
		r := -1
		for i, e := range om.Results {
			if d, ok := e.AsDim(); ok && d == p {
				r = i
			}
		}
		if r < 0 || g.offsets[j]+g.strides[j]*(g.sizes[j]-1) >= outShape[r] {
			return nil, false
		}
		outDim[j] = r
	}
	plan := &swapPlan{ins: op, geom: g, zero: z, c: c, xIdx: use.Index(), outDim: outDim}
	for cur := c.Result(0); cur.HasOneUse(); {
		u := cur.Uses()[0]
		e := u.Owner()
		if !isCarriedElementwise(e) || u.Index() != 0 {
			break
		}
		plan.chain = append(plan.chain, e)
		cur = e.Result(0)
	}
	return plan, true
}

// isCarriedElementwise reports whether op is an identity-map, all-parallel
// generic with one input and a tensor.empty init whose body yields the
// input or one extf/truncf of it.
func isCarriedElementwise(op *ir.Operation) bool {
	if op.Name != linalg.Generic || len(linalg.Inputs(op)) != 1 || len(linalg.Outputs(op)) != 1 || op.NumResults() != 1 {
		return false
	}
	if e := op.Operand(1).DefiningOp(); e == nil || e.Name != tensor.Empty {
		return false
	}
	for _, m := range linalg.IndexingMaps(op) {
		if !m.IsIdentity() {
			return false
		}
	}
	for _, it := range linalg.IteratorTypes(op) {
		if it != linalg.Parallel {
			return false
		}
	}
	body := linalg.Body(op)
	if body == nil || body.Len() > 2 || len(body.Args()) != 2 {
		return false
	}
	y := body.Terminator()
	if y == nil || y.NumOperands() != 1 {
		return false
	}
	v := y.Operand(0)
	if d := v.DefiningOp(); d != nil {
		if d.Name != arith.ExtF && d.Name != arith.TruncF {
			return false
		}
		v = d.Operand(0)
	}
	return v == body.Arg(0)
}

func rewriteSwap(op *ir.Operation, rw *ir.Rewriter) bool {
	p, ok := matchSwap(op)
	if !ok {
		return false
	}
	b := &rw.Builder
	loc := p.c.Loc
	src := op.Operand(0)
	small := func(t ir.RankedTensorType) ir.RankedTensorType {
		shape := append([]int64(nil), t.Shape...)
		for j, r := range p.outDim {
			shape[r] = p.geom.sizes[j]
		}
		return ir.Tensor(t.Elem, shape...)
	}
	// The contraction on the source, with a fresh zero accumulator.
	b.SetInsertionPointBefore(p.c)
	accT := small(p.c.Result(0).Type().(ir.RankedTensorType))
	acc := linalg.NewFill(b, loc, zeroScalar(b, loc, accT.Elem), tensor.NewEmpty(b, loc, accT, nil)).Result(0)
	mapping := map[*ir.Value]*ir.Value{op.Result(0): src, p.c.Operand(2): acc}
	nc := ir.Clone(p.c, mapping)
	nc.Result(0).SetType(accT)
	b.Insert(nc)
	cur, last := nc.Result(0), p.c
	for _, e := range p.chain {
		b.SetInsertionPointBefore(e)
		t := small(e.Result(0).Type().(ir.RankedTensorType))
		init := tensor.NewEmpty(b, e.Loc, t, nil)
		ne := ir.Clone(e, map[*ir.Value]*ir.Value{e.Operand(0): cur, e.Operand(1): init})
		ne.Result(0).SetType(t)
		b.Insert(ne)
		cur, last = ne.Result(0), e
	}
	// Scatter the small result into zeros of the original type.
	b.SetInsertionPointBefore(last)
	outT := last.Result(0).Type().(ir.RankedTensorType)
	rank := outT.Rank()
	offs, strides := make([]int64, rank), make([]int64, rank)
	sizes := cur.Type().(ir.RankedTensorType).Shape
	for i := range strides {
		strides[i] = 1
	}
	for j, r := range p.outDim {
		offs[r], strides[r] = p.geom.offsets[j], p.geom.strides[j]
	}
	zero := linalg.NewFill(b, loc, zeroScalar(b, loc, outT.Elem), tensor.NewEmpty(b, loc, outT, nil)).Result(0)
	res := tensor.NewInsertSlice(b, loc, cur, zero, tensor.StaticIndices(offs...), tensor.StaticIndices(sizes...), tensor.StaticIndices(strides...))
	rw.ReplaceAllUsesWith(last.Result(0), res)
	// Erase the old chain, the contraction and the scatter, last first.
	dead := append([]*ir.Operation{op, p.c}, p.chain...)
	for i := len(dead) - 1; i >= 0; i-- {
		if dead[i].Block() == nil {
			continue // erased with a consumer already
		}
		ops := dead[i].Operands()
		rw.EraseOp(dead[i])
		for _, v := range ops {
			if v != nil && v.DefiningOp() != nil {
				eraseIfDead(rw, v.DefiningOp())
			}
		}
	}
	return true
}
