package preprocessing

import (
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/ir/pass"
)

// DecomposeStridedBackwardData is the phase decomposition of a correlation
// over a zero-stuffed (strided-scattered) tensor (conv-backward.md,
// preprocessing pass 3; prior-art.md §6): the strided backward-data
// convolution, and the forward transposed convolution, for any kernel,
// stride and dilation, without multiplying any scattered zero.
//
// Pre: valid IR. The pass matches a linalg.generic C with
//   - two inputs and one init, a multiply-accumulate body (as
//     SwapStridedInsertSliceWithContraction: yield(add(out, mul(a, b))), each
//     of a, b possibly through one cast), static loop extents, an init that
//     is +0 in either spelling and a projected-permutation output map;
//   - one input X = tensor.insert_slice %dy into Z with Z +0 in either
//     spelling, static metadata and shapes, equal ranks and some stride > 1
//     on a dim of size > 1 (as StridedInsertSliceToGeneric requires);
//   - for every dim j of X that is not pass-through (offset 0, full size,
//     unit stride), C's map of X has result j = p_j + d_j·q_j + c_j (a pure
//     affine expression, checked by its coefficients) with p_j a parallel
//     loop of coefficient 1 that is a bare result of the output map and
//     appears in no other result of either input map, and q_j (absent, or)
//     a reduction loop with d_j ≥ 1 that appears in no other result of X's
//     map and exactly once in the other input W's map, as a bare result.
//     The p_j are distinct, the q_j are distinct.
//
// Anything else (dynamic metadata, a non-zero destination, a consumer that is
// not such a contraction, unit strides everywhere) is left untouched.
//
// Per dim j (offset o, stride s, source size n, p_j extent I, q_j extent K;
// g = gcd(s, d), s̃ = s/g): output i reads data at tap k iff
// i + c + d·k ≡ o (mod s). The outputs split into phases i = i0 + s·u,
// i0 ∈ [0, s); phase i0 has taps iff g | (o − c − i0), and then exactly the
// taps k = k0 + s̃·m (k0 the unique solution in [0, s̃)), which read
// dy[u + (d/g)·m + b] with b = (i0 + c + d·k0 − o)/s. The phases of C are the
// products of the per-dim phases.
//
// Post: C is replaced by, per phase with taps in every dim, a dense
// correlation generic (C's body, iterators and maps, except that X's result j
// becomes p_j + (d/g)·q_j + b + lo_j over dy — tensor.pad'ed with zeros by
// lo_j/hi_j where some phase reads past dy's edge — and W is a strided
// tensor.extract_slice [k0 : s̃ : M] of W on q_j's dim) into a fresh zero
// accumulator of the phase's output shape (p_j extent ⌈(I − i0)/s⌉); the
// phase results are written with one chain of strided tensor.insert_slice
// (offset i0, stride s on p_j's output dim; the writes are disjoint) into C's
// zero init, which replaces C's result. Phases without taps are not
// computed: their outputs are the init's zeros. X and Z are erased when
// unused. Multiply-adds: Σ over phases of |phase outputs| × |phase taps| ×
// the other loop extents, about 1/s^D of C's. Each output sums the same
// products as before, minus the zero ones, in a possibly different order.
var DecomposeStridedBackwardData = &pass.Def{
	Name:    "decompose-strided-backward-data",
	Summary: "split a correlation over a zero-stuffed tensor into dense per-phase correlations of the un-scattered source",
	Run: func(op *ir.Operation, c *pass.Context) error {
		_, err := pass.ApplyPatternsGreedily(c.IR, op, []*ir.Pattern{DecomposeStridedBackwardDataPattern()}, pass.GreedyConfig{})
		return err
	},
}

// DecomposeStridedBackwardDataPattern is the rewrite as a pattern.
func DecomposeStridedBackwardDataPattern() *ir.Pattern {
	return &ir.Pattern{Name: "decompose-strided-backward-data", Root: linalg.Generic, Rewrite: rewriteDecompose}
}

// phaseDim is the match of one non-pass-through dim of X.
type phaseDim struct {
	j       int   // dim of X (and dy)
	p, q    int   // loops; q < 0 when the dim has no tap loop
	d, c    int64 // X[j] = p + d·q + c
	I, K    int64 // extents of p and q (K = 1 when q < 0)
	outR    int   // result of the output map that is p
	wR      int   // result of W's map that is q (-1 when q < 0)
	o, s, n int64 // offset, stride, size of the scatter on j
}

// dimPhase is one phase of one dim.
type dimPhase struct {
	i0, k0, U, M, base int64
}

// phases lists the phases of a dim that have outputs and taps.
func (pd phaseDim) phases() []dimPhase {
	g := gcd(pd.s, pd.d)
	st, dd := pd.s/g, pd.d/g
	var out []dimPhase
	for i0 := int64(0); i0 < pd.s && i0 < pd.I; i0++ {
		r := mod(pd.o-pd.c-i0, pd.s)
		if r%g != 0 {
			continue
		}
		k0 := int64(0)
		if st > 1 {
			k0 = mod((r/g)*modInverse(mod(dd, st), st), st)
		}
		if k0 >= pd.K {
			continue
		}
		num := i0 + pd.c + pd.d*k0 - pd.o
		if mod(num, pd.s) != 0 {
			return nil // cannot happen; refuse rather than miscompute
		}
		out = append(out, dimPhase{i0: i0, k0: k0, U: (pd.I - i0 + pd.s - 1) / pd.s, M: (pd.K - k0 + st - 1) / st, base: floorDivI(num, pd.s)})
	}
	return out
}

type decomposePlan struct {
	c      *ir.Operation
	ins    *ir.Operation
	geom   scatterGeom
	xIdx   int
	dims   []phaseDim
	ext    []int64
	phases [][]dimPhase
}

// linearCoeffs returns the coefficients of e over numDims dims and its
// constant, when e is a sum of constant multiples of dims and constants.
func linearCoeffs(e affine.Expr, numDims int) ([]int64, int64, bool) {
	ok := true
	affine.Walk(e, func(x affine.Expr) {
		switch x.Kind() {
		case affine.KindAdd, affine.KindMul, affine.KindConst, affine.KindDim:
		default:
			ok = false
		}
	})
	if !ok || !affine.IsPureAffine(e) {
		return nil, 0, false
	}
	dims := make([]int64, numDims)
	c0, err := affine.EvalExpr(e, dims, nil)
	if err != nil {
		return nil, 0, false
	}
	co := make([]int64, numDims)
	for i := range dims {
		dims[i] = 1
		v, err := affine.EvalExpr(e, dims, nil)
		dims[i] = 0
		if err != nil {
			return nil, 0, false
		}
		co[i] = v - c0
	}
	return co, c0, true
}

func matchDecompose(c *ir.Operation) (*decomposePlan, bool) {
	if c.Name != linalg.Generic || len(linalg.Inputs(c)) != 2 || len(linalg.Outputs(c)) != 1 || c.NumResults() != 1 {
		return nil, false
	}
	if !isMACBody(linalg.Body(c)) {
		return nil, false
	}
	if _, ok := matchZeroDest(c.Operand(2)); !ok {
		return nil, false
	}
	xIdx := -1
	var ins *ir.Operation
	var geom scatterGeom
	for k := 0; k < 2; k++ {
		d := c.Operand(k).DefiningOp()
		if d == nil || d.Name != tensor.InsertSlice {
			continue
		}
		if g, _, ok := matchStridedZeroInsert(d); ok {
			xIdx, ins, geom = k, d, g
			break
		}
	}
	if xIdx < 0 {
		return nil, false
	}
	iters := linalg.IteratorTypes(c)
	ext, ok := loopExtents(c)
	if !ok {
		return nil, false
	}
	maps := linalg.IndexingMaps(c)
	xm, wm, om := maps[xIdx], maps[1-xIdx], maps[2]
	if !om.IsProjectedPermutation() || xm.NumSymbols != 0 || wm.NumSymbols != 0 {
		return nil, false
	}
	nl := len(iters)
	uses := func(m affine.Map, d int) []int {
		var rs []int
		for r, e := range m.Results {
			if affine.IsFunctionOfDim(e, d) {
				rs = append(rs, r)
			}
		}
		return rs
	}
	plan := &decomposePlan{c: c, ins: ins, geom: geom, xIdx: xIdx, ext: ext}
	usedP, usedQ := map[int]bool{}, map[int]bool{}
	for j := 0; j < geom.dst.Rank(); j++ {
		if geom.passThrough(j) {
			continue
		}
		co, c0, ok := linearCoeffs(xm.Results[j], nl)
		if !ok {
			return nil, false
		}
		pd := phaseDim{j: j, p: -1, q: -1, c: c0, d: 1, K: 1, wR: -1, o: geom.offsets[j], s: geom.strides[j], n: geom.sizes[j]}
		for l, v := range co {
			switch {
			case v == 0:
			case v == 1 && iters[l] == linalg.Parallel && pd.p < 0:
				pd.p = l
			case v >= 1 && iters[l] == linalg.Reduction && pd.q < 0:
				pd.q, pd.d = l, v
			default:
				return nil, false
			}
		}
		if pd.p < 0 || usedP[pd.p] || (pd.q >= 0 && usedQ[pd.q]) {
			return nil, false
		}
		usedP[pd.p] = true
		if r := uses(xm, pd.p); len(r) != 1 || len(uses(wm, pd.p)) != 0 {
			return nil, false
		}
		pd.outR = -1
		for r, e := range om.Results {
			if d, ok := e.AsDim(); ok && d == pd.p {
				pd.outR = r
			}
		}
		if pd.outR < 0 {
			return nil, false
		}
		pd.I = ext[pd.p]
		if pd.q >= 0 {
			usedQ[pd.q] = true
			if r := uses(xm, pd.q); len(r) != 1 {
				return nil, false
			}
			wr := uses(wm, pd.q)
			if len(wr) != 1 {
				return nil, false
			}
			if d, ok := wm.Results[wr[0]].AsDim(); !ok || d != pd.q {
				return nil, false
			}
			pd.wR, pd.K = wr[0], ext[pd.q]
		}
		if pd.s < 1 || pd.I < 1 || pd.K < 1 {
			return nil, false
		}
		ph := pd.phases()
		plan.dims = append(plan.dims, pd)
		plan.phases = append(plan.phases, ph)
	}
	if len(plan.dims) == 0 {
		return nil, false
	}
	return plan, true
}

func rewriteDecompose(op *ir.Operation, rw *ir.Rewriter) bool {
	p, ok := matchDecompose(op)
	if !ok {
		return false
	}
	b := &rw.Builder
	c := p.c
	loc := c.Loc
	b.SetInsertionPointBefore(c)
	dy := p.ins.Operand(0)
	dyT := dy.Type().(ir.RankedTensorType)
	maps := linalg.IndexingMaps(c)
	w := c.Operand(1 - p.xIdx)
	wT := w.Type().(ir.RankedTensorType)
	outT := c.Result(0).Type().(ir.RankedTensorType)

	empty := false
	for _, ph := range p.phases {
		empty = empty || len(ph) == 0
	}
	result := c.Operand(2)
	if !empty {
		// Pad dy where some phase reads past its edges.
		rank := dyT.Rank()
		lo, hi := make([]int64, rank), make([]int64, rank)
		padded := false
		for di, pd := range p.dims {
			for _, ph := range p.phases[di] {
				dd := pd.d / gcd(pd.s, pd.d)
				first, last := ph.base, ph.base+(ph.U-1)+dd*(ph.M-1)
				lo[pd.j] = max(lo[pd.j], -first)
				hi[pd.j] = max(hi[pd.j], last-(pd.n-1))
			}
			padded = padded || lo[pd.j] > 0 || hi[pd.j] > 0
		}
		src := dy
		if padded {
			src = tensor.NewPad(b, loc, nil, dy, tensor.StaticIndices(lo...), tensor.StaticIndices(hi...), zeroScalar(b, loc, dyT.Elem), false)
		}
		// Enumerate the products of the per-dim phases.
		idx := make([]int, len(p.dims))
		for {
			cur := make([]dimPhase, len(p.dims))
			for di := range p.dims {
				cur[di] = p.phases[di][idx[di]]
			}
			result = emitPhase(b, rw, p, cur, src, lo, w, wT, outT, maps, result)
			di := 0
			for ; di < len(idx); di++ {
				idx[di]++
				if idx[di] < len(p.phases[di]) {
					break
				}
				idx[di] = 0
			}
			if di == len(idx) {
				break
			}
		}
	}
	rw.ReplaceAllUsesWith(c.Result(0), result)
	ops := c.Operands()
	rw.EraseOp(c)
	for _, v := range ops {
		if v != nil && v.DefiningOp() != nil {
			eraseIfDead(rw, v.DefiningOp())
		}
	}
	return true
}

// emitPhase creates one phase's correlation and writes it into dest.
func emitPhase(b *ir.Builder, rw *ir.Rewriter, p *decomposePlan, cur []dimPhase, src *ir.Value, lo []int64, w *ir.Value, wT, outT ir.RankedTensorType, maps []affine.Map, dest *ir.Value) *ir.Value {
	c := p.c
	loc := c.Loc
	// The sub-filter.
	wOffs, wSizes, wStrides := make([]int64, wT.Rank()), append([]int64(nil), wT.Shape...), ones64(wT.Rank())
	sliceW := false
	for di, pd := range p.dims {
		if pd.q < 0 {
			continue
		}
		ph := cur[di]
		st := pd.s / gcd(pd.s, pd.d)
		wOffs[pd.wR], wSizes[pd.wR] = ph.k0, ph.M
		if ph.M > 1 {
			wStrides[pd.wR] = st
		}
		sliceW = sliceW || ph.k0 != 0 || ph.M != pd.K
	}
	ws := w
	if sliceW {
		ws = tensor.NewExtractSlice(b, loc, ir.Tensor(wT.Elem, wSizes...), w,
			tensor.StaticIndices(wOffs...), tensor.StaticIndices(wSizes...), tensor.StaticIndices(wStrides...))
	}
	// The maps: X's strided results read dy directly.
	xm := maps[p.xIdx]
	res := append([]affine.Expr(nil), xm.Results...)
	outShape := append([]int64(nil), outT.Shape...)
	offs, strides := make([]int64, outT.Rank()), ones64(outT.Rank())
	for di, pd := range p.dims {
		ph := cur[di]
		e := affine.Dim(pd.p)
		if pd.q >= 0 {
			e = affine.Add(e, affine.Mul(affine.Dim(pd.q), affine.Const(pd.d/gcd(pd.s, pd.d))))
		}
		res[pd.j] = affine.Add(e, affine.Const(ph.base+lo[pd.j]))
		outShape[pd.outR] = ph.U
		offs[pd.outR] = ph.i0
		if ph.U > 1 {
			strides[pd.outR] = pd.s
		}
	}
	newMaps := append([]affine.Map(nil), maps...)
	newMaps[p.xIdx] = affine.NewMap(xm.NumDims, xm.NumSymbols, res...)
	accT := ir.Tensor(outT.Elem, outShape...)
	acc := linalg.NewFill(b, loc, zeroScalar(b, loc, accT.Elem), tensor.NewEmpty(b, loc, accT, nil)).Result(0)
	mapping := map[*ir.Value]*ir.Value{c.Operand(p.xIdx): src, c.Operand(1 - p.xIdx): ws, c.Operand(2): acc}
	nc := ir.Clone(c, mapping)
	nc.Result(0).SetType(accT)
	nc.SetAttr(linalg.IndexingMapsAttr, linalg.MapsAttr(newMaps))
	b.Insert(nc)
	return tensor.NewInsertSlice(b, loc, nc.Result(0), dest, tensor.StaticIndices(offs...), tensor.StaticIndices(outShape...), tensor.StaticIndices(strides...))
}

func ones64(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// mod is the non-negative remainder (m > 0).
func mod(a, m int64) int64 {
	r := a % m
	if r < 0 {
		r += m
	}
	return r
}

func floorDivI(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// modInverse is the inverse of a modulo m (gcd(a, m) = 1, m > 1).
func modInverse(a, m int64) int64 {
	for x := int64(1); x < m; x++ {
		if mod(a*x, m) == 1 {
			return x
		}
	}
	return 0
}
