package preprocessing

import (
	"slices"
	"strconv"

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
//     (on a dim of size > 1, as StridedInsertSliceToGeneric requires, or
//     only on dims of size 1: dy cropped to one row on a strided dim);
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
// dy[u + (d/g)·m + b] with b = (i0 + c + d·k0 − o)/s. That index may fall
// outside [0, n) near dy's edges (the scatter's destination has zeros
// there too), so each phase splits further into regions: the interior,
// the outputs for which every tap reads dy, and border runs of
// consecutive outputs that share the same smaller tap interval (the valid
// taps of output u form an interval whose ends never increase with u);
// outputs with no valid tap are in no region. The regions of C are the
// products of the per-dim regions.
//
// Post: C is replaced by, per region, a dense correlation generic (C's
// body, iterators and maps, except that X's result j becomes
// p_j + (d/g)·q_j over a tensor.extract_slice of dy holding exactly the
// rows the region reads, or dy itself when that is all of it, and W is a
// strided tensor.extract_slice [k : s̃ : M] of W on q_j's dim restricted to
// the region's taps) into a fresh zero accumulator of the region's output
// shape; the region results are written with one chain of strided
// tensor.insert_slice (the region's first output, stride s on p_j's
// output dim; the writes are disjoint) into C's zero init, which replaces
// C's result; the all-interior regions come first. No tensor.pad is
// created: outputs, phases and taps without data are not computed, and
// keep the init's zeros. X and Z are erased when unused. With the option
// reduction-last-source (the default) and more than one region, the
// regions read dy through one linalg.transpose that puts the dims indexed
// only by reduction loops last (NCHW dy becomes (n, h, w, f); see
// reductionLastSource), with X's map results permuted to match; dy is
// read as it is when that order is already its own. Then, with the
// options columns-last-filter and columns-last-output (the defaults), W
// is read through one linalg.transpose that puts its column dims (a data
// gradient's input channel) last, and an f32 result (an f16/bf16
// gradient's accumulator too) is assembled with its column dims last, in
// zeros of that shape, and transposed back once after the last region (columnsLastFilter,
// columnsLastOutput); W's map and the output maps, slices and windows of
// the regions are permuted to match. Every region still reads and writes
// the same elements, so results are bitwise equal. With the option
// taps-first (the default), more than one region and more than
// DefaultNarrowColumns columns, each region's reduction loops run taps first, then the
// channel (see tapsFirst): the same products, summed in another order.
//
// Multiply-adds: exactly the (output, tap) pairs whose read of X is a dy
// element (neither a scattered zero nor padding), times the other loop
// extents: about 1/s^D of C's, fewer where dy's edges cut taps off. Each
// output sums the same products as before, minus the zero ones, in a
// possibly different order.
var DecomposeStridedBackwardData = &pass.Def{
	Name:    "decompose-strided-backward-data",
	Summary: "split a correlation over a zero-stuffed tensor into dense correlations of the un-scattered source, per phase and edge region",
	Options: []pass.Option{
		{Name: "reduction-last-source", Default: "true",
			Help: "read dy through one linalg.transpose that puts the dims only reduction loops index (NCHW's channel) last (see reductionLast); false reads dy as it is"},
		{Name: "narrow-columns", Default: strconv.Itoa(DefaultNarrowColumns),
			Help: "with reduction-last-source, still read dy as it is when the contraction's columns (its longest parallel loop that only the filter indexes) are at most this many: the CPU then puts output positions in its vector lanes (0: transpose whatever the columns)"},
		{Name: "columns-last-filter", Default: "true",
			Help: "with reduction-last-source and more than one region, read the filter through one linalg.transpose that puts its column dims (indexed by a parallel loop dy's map does not use: a data gradient's input channel) last (see columnsLastFilter); false reads it as it is"},
		{Name: "columns-last-output", Default: "true",
			Help: "with reduction-last-source and more than one region, assemble an f32 gradient with its column dims last and transpose it once at the end (see columnsLastOutput); false assembles it in its own layout"},
		{Name: "taps-first", Default: "true",
			Help: "with more than one region and more than 8 columns (the default narrow-columns, whatever that option says), order each region's reduction loops taps first, then the rest (the channel): a region's reduction points are then one run of filter rows per tap, the same run in every region that reads the tap, which the CPU packs once a run (see tapsFirst); false keeps the correlation's order"},
	},
	Run: func(op *ir.Operation, c *pass.Context) error {
		layout := SourceLayout{ReductionLast: true, NarrowColumns: DefaultNarrowColumns, ColumnsLastFilter: true, ColumnsLastOutput: true, TapsFirst: true}
		for name, field := range map[string]*bool{"reduction-last-source": &layout.ReductionLast, "columns-last-filter": &layout.ColumnsLastFilter, "columns-last-output": &layout.ColumnsLastOutput, "taps-first": &layout.TapsFirst} {
			if _, ok := c.Options[name]; ok {
				var err error
				if *field, err = c.Options.Bool(name); err != nil {
					return err
				}
			}
		}
		if _, ok := c.Options["narrow-columns"]; ok {
			n, err := c.Options.Int("narrow-columns")
			if err != nil {
				return err
			}
			layout.NarrowColumns = int64(n)
		}
		_, err := pass.ApplyPatternsGreedily(c.IR, op, []*ir.Pattern{DecomposeStridedBackwardDataPattern(layout)}, pass.GreedyConfig{})
		return err
	},
}

// SourceLayout is the pass's choice of dy's and the filter's layouts and
// of the regions' reduction order: its options reduction-last-source,
// narrow-columns, columns-last-filter, columns-last-output and
// taps-first.
type SourceLayout struct {
	ReductionLast     bool
	NarrowColumns     int64
	ColumnsLastFilter bool
	ColumnsLastOutput bool
	TapsFirst         bool
}

// DecomposeStridedBackwardDataPattern is the rewrite as a pattern, with
// the layout of the pass's options.
func DecomposeStridedBackwardDataPattern(layout SourceLayout) *ir.Pattern {
	return &ir.Pattern{Name: "decompose-strided-backward-data", Root: linalg.Generic, Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		return rewriteDecompose(op, rw, layout)
	}}
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

// dimRegion is one generic's share of one dim: a run of consecutive
// outputs of one phase that read the same taps, each of them a real dy
// element.
type dimRegion struct {
	out0, U  int64 // outputs out0 + s·u, u ∈ [0, U), of C's output
	k0, M    int64 // taps k0 + s̃·m, m ∈ [0, M)
	row0     int64 // output u at tap m reads dy[row0 + u + (d/g)·m]
	interior bool  // all of the phase's taps
}

// rows is the extent of dy that r reads along pd's dim.
func (r dimRegion) rows(pd phaseDim) int64 {
	return r.U + pd.d/gcd(pd.s, pd.d)*(r.M-1)
}

// regions splits the phases of a dim into regions. Phase output u reads
// dy[u + (d/g)·m + base] at tap m, so its valid taps are the m ∈ [0, M)
// with 0 ≤ u + (d/g)·m + base < n: an interval whose ends never increase
// with u. Outputs with the same interval are therefore consecutive; each
// run of them is one region, and outputs with no valid tap are in none
// (they keep the destination's zeros). The interior run (all M taps) of
// every phase comes first, the border runs (near dy's edges) after it.
func (pd phaseDim) regions(phases []dimPhase) []dimRegion {
	dd := pd.d / gcd(pd.s, pd.d)
	st := pd.s / gcd(pd.s, pd.d)
	var interior, border []dimRegion
	for _, ph := range phases {
		taps := func(u int64) (lo, hi int64) {
			lo = max(0, -floorDivI(u+ph.base, dd))
			hi = min(ph.M-1, floorDivI(pd.n-1-u-ph.base, dd))
			return lo, hi
		}
		for u := int64(0); u < ph.U; {
			lo, hi := taps(u)
			end := u + 1
			for end < ph.U {
				if l, h := taps(end); l != lo || h != hi {
					break
				}
				end++
			}
			if lo <= hi {
				r := dimRegion{out0: ph.i0 + pd.s*u, U: end - u, k0: ph.k0 + st*lo, M: hi - lo + 1, row0: u + dd*lo + ph.base, interior: lo == 0 && hi == ph.M-1}
				if r.interior {
					interior = append(interior, r)
				} else {
					border = append(border, r)
				}
			}
			u = end
		}
	}
	return append(interior, border...)
}

type decomposePlan struct {
	c      *ir.Operation
	ins    *ir.Operation
	geom   scatterGeom
	xIdx   int
	dims   []phaseDim
	ext    []int64
	phases [][]dimPhase
	// dy is the source the regions slice: the scatter's source, or its
	// transpose with the dims only reduction loops index last; dyPos[j]
	// is where dim j of the source sits in it.
	dy    *ir.Value
	dyPos []int
	// w is the filter the regions slice: W, or its transpose with its
	// column dims last (columnsLastFilter); wPos[j] is where W's dim j
	// sits in it.
	w    *ir.Value
	wPos []int
	// outPos, when not nil, is where the output's dim j sits in the
	// layout the regions are assembled in (columnsLastOutput).
	outPos []int
	// tapsFirst orders the regions' reduction loops taps first (the
	// option taps-first).
	tapsFirst bool
}

// reductionLastSource is the source the regions read: dy transposed so
// that the dims X's map indexes by a bare reduction loop (NCHW's channel
// f) come last, the others keeping their order ((n, f, h, w) becomes
// (n, h, w, f)); pos[j] is where dy's dim j sits in it. It is dy itself,
// pos the identity, when disabled or when that order is already dy's.
//
// Why: a contraction's register tile holds a few consecutive output
// positions and walks the reduction (f, then the taps) reading dy at each
// point. In NCHW each f of one position lies a plane apart, so every
// reduction point touches a new cache line, and a block of them
// overflows L1 before the tile's next column block reuses it; with f
// innermost one line serves 16 consecutive f. One copy of dy (small
// beside the filter and the gradient) buys that for every region.
// Measured on the CPU bench's 3x3 stride-2 shapes: 10-30% less time; on
// 1x1 ones, whose single region reads dy once, the copy cost more than
// it saved, so the caller asks for it only with several regions.
func reductionLastSource(b *ir.Builder, loc ir.Location, p *decomposePlan, enabled bool) (*ir.Value, []int) {
	perm, _, _ := reductionDimsLast(linalg.IndexingMaps(p.c)[p.xIdx], linalg.IteratorTypes(p.c))
	return readThrough(b, loc, p.ins.Operand(0), perm, enabled)
}

// readThrough is v read through one linalg.transpose into the order perm
// (its permutation), and pos[j], where v's dim j sits in what it returns:
// v itself, pos the identity, when not enabled or when perm is v's order.
func readThrough(b *ir.Builder, loc ir.Location, v *ir.Value, perm []int64, enabled bool) (*ir.Value, []int) {
	pos, identity := positions(perm)
	if !enabled || identity {
		for j := range pos {
			pos[j] = j
		}
		return v, pos
	}
	return transposed(b, loc, v, perm), pos
}

// positions is the inverse of the permutation perm (pos[perm[i]] = i)
// and whether perm is the identity.
func positions(perm []int64) (pos []int, identity bool) {
	pos = make([]int, len(perm))
	identity = true
	for i, j := range perm {
		pos[j] = i
		identity = identity && j == int64(i)
	}
	return pos, identity
}

// columnsLastFilter is the filter the regions read: W transposed so that
// its dims indexed by a bare parallel loop that dy's map does not use
// (the contraction's columns: a data gradient's input channel c) come
// last, the others keeping their order ((f, c, kh, kw) becomes (f, kh,
// kw, c)); pos[j] is where W's dim j sits in it. It is W itself, pos the
// identity, when disabled or when that order is already W's.
//
// Why: the CPU packs the filter's columns into panels for each region,
// 16 consecutive c at each reduction point. In (f, c, kh, kw) those lie
// kh·kw apart, so packing one tap's panels reads every cache line of the
// whole filter, once per region: on the backward-data bench's 3x3
// stride-2 256-channel shape, a third of the run went to that packing.
// With c innermost each region copies rows of its own tap. One copy of
// the filter buys that for every region.
func columnsLastFilter(b *ir.Builder, loc ir.Location, p *decomposePlan, enabled bool) (*ir.Value, []int) {
	maps := linalg.IndexingMaps(p.c)
	return readThrough(b, loc, p.c.Operand(1-p.xIdx), columnsLast(maps[1-p.xIdx], maps[p.xIdx], linalg.IteratorTypes(p.c)), enabled)
}

// columnsLast is the order of an operand with map m that puts last the
// dims m indexes by a bare parallel loop that X's map xm does not use
// (the contraction's columns), the others keeping theirs, as
// linalg.transpose's permutation.
func columnsLast(m, xm affine.Map, iters []string) []int64 {
	var perm []int64
	var last []int64
	for j, e := range m.Results {
		column := false
		if d, ok := e.AsDim(); ok && iters[d] == linalg.Parallel {
			column = true
			for _, xe := range xm.Results {
				column = column && !affine.IsFunctionOfDim(xe, d)
			}
		}
		if column {
			last = append(last, int64(j))
		} else {
			perm = append(perm, int64(j))
		}
	}
	return append(perm, last...)
}

// columnsLastOutput is the layout the regions assemble the gradient in
// when enabled: its column dims last ((n, c, h, w) becomes (n, h, w, c)),
// in a zero tensor of that shape, transposed back once at the end: perm
// is that layout as linalg.transpose's permutation and pos where each of
// the output's dims sits in it; nil when disabled, when that is the
// output's order already, or when its type is not f32.
//
// Why: a region's register tile holds a few output positions of 16
// consecutive c; in NCHW its rows go to 16 places a plane apart, and
// each phase writes a quarter of every cache line of the gradient (a
// stride-2 window along w), so every line is fetched once per phase. With
// c innermost each tile row is 16 contiguous floats, each line belongs to
// one phase, and one transpose at the end (a copy) puts it back. Measured
// on the backward-data bench's 3x3 stride-2 shapes, where the strided
// stores were a quarter of the run. An f16/bf16 gradient's f32
// accumulator is assembled so too, and its truncf then reads the
// transpose (swap-cast-with-insert-slice-chain no longer truncates region
// by region): on the CPU its regions wrote NCHW at 22-60 GMAC/s against
// 80 channels last, and the truncation is one pass over contiguous memory
// (a bf16 3x3 stride-2 gradient into 64 channels: 2.9 -> 1.8 ms).
func columnsLastOutput(p *decomposePlan, enabled bool) (perm []int64, pos []int) {
	outT := p.c.Result(0).Type().(ir.RankedTensorType)
	if f, ok := outT.Elem.(ir.FloatType); !enabled || !ok || f.Kind != ir.F32 {
		return nil, nil
	}
	maps := linalg.IndexingMaps(p.c)
	perm = columnsLast(maps[2], maps[p.xIdx], linalg.IteratorTypes(p.c))
	pos, identity := positions(perm)
	if identity {
		return nil, nil
	}
	return perm, pos
}

// DefaultNarrowColumns is the narrow-columns option's default, cpu's
// narrowMaxN: the CPU runs a contraction whose columns number at most
// this many with output positions in its vector lanes.
const DefaultNarrowColumns = 8

// narrowColumns reports whether C's columns — its longest parallel loop
// that W indexes and X does not (a data gradient's input channel) — are
// at most limit. The CPU then puts 16 consecutive output positions in its
// vector lanes and reads dy's rows along w in place, which NCHW keeps
// contiguous and the transpose would scatter. Measured on the
// backward-data bench's 3-channel shape: the transpose cost a fifth of
// the step's time and left 13 of 16 lanes idle.
func narrowColumns(p *decomposePlan, limit int64) bool {
	maps, iters := linalg.IndexingMaps(p.c), linalg.IteratorTypes(p.c)
	xm, wm := maps[p.xIdx], maps[1-p.xIdx]
	uses := func(m affine.Map, d int) bool {
		for _, e := range m.Results {
			if affine.IsFunctionOfDim(e, d) {
				return true
			}
		}
		return false
	}
	longest := int64(-1)
	for d, it := range iters {
		if it == linalg.Parallel && uses(wm, d) && !uses(xm, d) {
			longest = max(longest, p.ext[d])
		}
	}
	return longest >= 0 && longest <= limit
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
		if g, ok := matchScatterIntoZero(d); ok {
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
		co, c0, ok := affine.LinearForm(xm.Results[j], nl)
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

// matchScatterIntoZero matches the scatter X = insert_slice %dy into Z:
// what matchStridedZeroInsert matches, and also an insert whose strides
// > 1 all fall on source dims of size 1. The lowering emits those when
// dy is cropped to the one row that the data gradient reads on a strided
// dim (padding > d(K−1)); the insert then only pads, but the correlation
// still multiplies that padding, which the regions below remove like any
// other. Inserts with unit strides everywhere (the padding of a stride-1
// convolution) are left alone.
func matchScatterIntoZero(op *ir.Operation) (scatterGeom, bool) {
	if g, _, ok := matchStridedZeroInsert(op); ok {
		return g, true
	}
	if !tensor.IsStridedInsertSlice(op) || op.NumOperands() < 2 {
		return scatterGeom{}, false
	}
	src, ok1 := op.Operand(0).Type().(ir.RankedTensorType)
	dst, ok2 := op.Operand(1).Type().(ir.RankedTensorType)
	if !ok1 || !ok2 || src.Rank() != dst.Rank() || !staticShape(src.Shape) || !staticShape(dst.Shape) {
		return scatterGeom{}, false
	}
	offsets, sizes, strides, ok := staticSliceParams(op)
	if !ok {
		return scatterGeom{}, false
	}
	for i := range sizes {
		if sizes[i] != src.Shape[i] || strides[i] < 1 {
			return scatterGeom{}, false
		}
	}
	z, ok := matchZeroDest(op.Operand(1))
	if !ok || (z.fill && !op.Operand(1).HasOneUse()) {
		return scatterGeom{}, false
	}
	return scatterGeom{src: src, dst: dst, offsets: offsets, sizes: sizes, strides: strides}, true
}

func rewriteDecompose(op *ir.Operation, rw *ir.Rewriter, layout SourceLayout) bool {
	p, ok := matchDecompose(op)
	if !ok {
		return false
	}
	b := &rw.Builder
	c := p.c
	b.SetInsertionPointBefore(c)
	regions := make([][]dimRegion, len(p.dims))
	empty := false
	for di, pd := range p.dims {
		regions[di] = pd.regions(p.phases[di])
		empty = empty || len(regions[di]) == 0
	}
	result := c.Operand(2)
	if !empty {
		// The products of the per-dim regions, the first dim fastest,
		// ordered by how many of their dims are border runs: the large
		// all-interior generics come first, the thin edges and corners
		// last.
		var products [][]dimRegion
		idx := make([]int, len(p.dims))
		for {
			cur := make([]dimRegion, len(p.dims))
			for di := range p.dims {
				cur[di] = regions[di][idx[di]]
			}
			products = append(products, cur)
			di := 0
			for ; di < len(idx); di++ {
				idx[di]++
				if idx[di] < len(regions[di]) {
					break
				}
				idx[di] = 0
			}
			if di == len(idx) {
				break
			}
		}
		borders := func(rs []dimRegion) int {
			n := 0
			for _, r := range rs {
				if !r.interior {
					n++
				}
			}
			return n
		}
		slices.SortStableFunc(products, func(a, b []dimRegion) int { return borders(a) - borders(b) })
		// One region (a 1x1 kernel's one phase with data) reads each dy
		// element once: transposing dy would only add a pass over it.
		// Nor with few columns (see narrowColumns).
		transpose := layout.ReductionLast && len(products) > 1 && !narrowColumns(p, layout.NarrowColumns)
		// Not for a gradient into at most DefaultNarrowColumns channels:
		// its kernels (the CPU's narrow tiles, the GPU's narrow launches)
		// walk W and keep no panels, and the GPU's spilled registers with
		// the taps outer. The decision depends on no layout option (nor
		// on narrow-columns, which only says how dy is read), so that
		// every target and layout sums in the same order: the same bits.
		p.tapsFirst = layout.TapsFirst && len(products) > 1 && !narrowColumns(p, DefaultNarrowColumns)
		p.dy, p.dyPos = reductionLastSource(b, c.Loc, p, transpose)
		p.w, p.wPos = columnsLastFilter(b, c.Loc, p, transpose && layout.ColumnsLastFilter)
		outPerm, outPos := columnsLastOutput(p, transpose && layout.ColumnsLastOutput)
		if outPerm != nil {
			p.outPos = outPos
			outT := c.Result(0).Type().(ir.RankedTensorType)
			shape := make([]int64, len(outPerm))
			for i, j := range outPerm {
				shape[i] = outT.Shape[j]
			}
			result = linalg.NewFill(b, c.Loc, zeroScalar(b, c.Loc, outT.Elem), tensor.NewEmpty(b, c.Loc, ir.Tensor(outT.Elem, shape...), nil)).Result(0)
		}
		for _, cur := range products {
			result = emitRegion(b, p, cur, result)
		}
		if outPerm != nil {
			back := make([]int64, len(outPos))
			for j, i := range outPos {
				back[j] = int64(i)
			}
			result = transposed(b, c.Loc, result, back)
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

// emitRegion creates the correlation of one product of per-dim regions
// and writes it into dest.
func emitRegion(b *ir.Builder, p *decomposePlan, cur []dimRegion, dest *ir.Value) *ir.Value {
	c := p.c
	loc := c.Loc
	maps := linalg.IndexingMaps(c)
	dy := p.dy
	dyT := dy.Type().(ir.RankedTensorType)
	w := p.w
	wT := w.Type().(ir.RankedTensorType)
	outT := c.Result(0).Type().(ir.RankedTensorType)

	// The rows of dy the region reads, so that its map has no constant
	// and every read is in bounds.
	dyOffs, dySizes := make([]int64, dyT.Rank()), append([]int64(nil), dyT.Shape...)
	sliceDy := false
	for di, pd := range p.dims {
		r := cur[di]
		j := p.dyPos[pd.j]
		dyOffs[j], dySizes[j] = r.row0, r.rows(pd)
		sliceDy = sliceDy || r.row0 != 0 || dySizes[j] != pd.n
	}
	src := dy
	if sliceDy {
		src = tensor.NewExtractSlice(b, loc, ir.Tensor(dyT.Elem, dySizes...), dy,
			tensor.StaticIndices(dyOffs...), tensor.StaticIndices(dySizes...), tensor.StaticIndices(ones64(dyT.Rank())...))
	}
	// The sub-filter: the region's taps.
	wOffs, wSizes, wStrides := make([]int64, wT.Rank()), append([]int64(nil), wT.Shape...), ones64(wT.Rank())
	sliceW := false
	for di, pd := range p.dims {
		if pd.q < 0 {
			continue
		}
		r := cur[di]
		wj := p.wPos[pd.wR]
		wOffs[wj], wSizes[wj] = r.k0, r.M
		if r.M > 1 {
			wStrides[wj] = pd.s / gcd(pd.s, pd.d)
		}
		sliceW = sliceW || r.k0 != 0 || r.M != pd.K
	}
	ws := w
	if sliceW {
		ws = tensor.NewExtractSlice(b, loc, ir.Tensor(wT.Elem, wSizes...), w,
			tensor.StaticIndices(wOffs...), tensor.StaticIndices(wSizes...), tensor.StaticIndices(wStrides...))
	}
	// The maps: X's strided results read the dy slice directly.
	xm := maps[p.xIdx]
	res := append([]affine.Expr(nil), xm.Results...)
	outShape := append([]int64(nil), outT.Shape...)
	offs, strides := make([]int64, outT.Rank()), ones64(outT.Rank())
	for di, pd := range p.dims {
		r := cur[di]
		e := affine.Dim(pd.p)
		if pd.q >= 0 {
			e = affine.Add(e, affine.Mul(affine.Dim(pd.q), affine.Const(pd.d/gcd(pd.s, pd.d))))
		}
		res[pd.j] = e
		outShape[pd.outR] = r.U
		offs[pd.outR] = r.out0
		if r.U > 1 {
			strides[pd.outR] = pd.s
		}
	}
	newMaps := append([]affine.Map(nil), maps...)
	xRes := make([]affine.Expr, len(res))
	for j, e := range res {
		xRes[p.dyPos[j]] = e
	}
	newMaps[p.xIdx] = affine.NewMap(xm.NumDims, xm.NumSymbols, xRes...)
	wm := maps[1-p.xIdx]
	wRes := make([]affine.Expr, len(wm.Results))
	for j, e := range wm.Results {
		wRes[p.wPos[j]] = e
	}
	newMaps[1-p.xIdx] = affine.NewMap(wm.NumDims, wm.NumSymbols, wRes...)
	if p.outPos != nil {
		// Assembled with the columns last: the region's output, its map
		// and its window in that order.
		om := maps[2]
		oRes := make([]affine.Expr, len(om.Results))
		shape, o, st := make([]int64, len(outShape)), make([]int64, len(offs)), make([]int64, len(strides))
		for j, e := range om.Results {
			i := p.outPos[j]
			oRes[i], shape[i], o[i], st[i] = e, outShape[j], offs[j], strides[j]
		}
		newMaps[2] = affine.NewMap(om.NumDims, om.NumSymbols, oRes...)
		outShape, offs, strides = shape, o, st
	}
	accT := ir.Tensor(outT.Elem, outShape...)
	acc := linalg.NewFill(b, loc, zeroScalar(b, loc, accT.Elem), tensor.NewEmpty(b, loc, accT, nil)).Result(0)
	mapping := map[*ir.Value]*ir.Value{c.Operand(p.xIdx): src, c.Operand(1 - p.xIdx): ws, c.Operand(2): acc}
	nc := ir.Clone(c, mapping)
	nc.Result(0).SetType(accT)
	iters := linalg.IteratorTypes(c)
	if p.tapsFirst {
		newMaps, iters = tapsFirst(p, newMaps, iters)
	}
	nc.SetAttr(linalg.IndexingMapsAttr, linalg.MapsAttr(newMaps))
	nc.SetAttr(linalg.IteratorTypesAttr, linalg.IteratorTypesAttrOf(iters))
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

// tapsFirst renumbers a region's loops (its maps and iterator types) so
// that the reduction loops that are taps (each strided dim's q) come
// before the other reduction loops (the channel f), the parallel loops
// staying where they are and each group keeping its order. The
// correlation sums f outer, taps inner: a region then reads the filter
// rows of all its taps for each f, a different set in each region. Taps
// first, a region reads one run of equally spaced rows per tap, the same
// run in every region that reads that tap, so that the CPU packs each
// tap's panels once a run (cpu/panels.go); and it reads dy's channels
// contiguously for each tap. Each output sums the same products in
// another order.
func tapsFirst(p *decomposePlan, maps []affine.Map, iters []string) ([]affine.Map, []string) {
	isTap := map[int]bool{}
	for _, pd := range p.dims {
		if pd.q >= 0 {
			isTap[pd.q] = true
		}
	}
	var red, taps, rest []int
	for l, it := range iters {
		if it != linalg.Reduction {
			continue
		}
		red = append(red, l)
		if isTap[l] {
			taps = append(taps, l)
		} else {
			rest = append(rest, l)
		}
	}
	order := make([]int, len(iters)) // order[new] = old
	for l := range order {
		order[l] = l
	}
	for i, l := range append(taps, rest...) {
		order[red[i]] = l
	}
	dims := make([]affine.Expr, len(iters))
	newIters := make([]string, len(iters))
	for n, o := range order {
		dims[o] = affine.Dim(n)
		newIters[n] = iters[o]
	}
	out := make([]affine.Map, len(maps))
	for i, m := range maps {
		out[i] = m.ReplaceDimsAndSymbols(dims, nil, m.NumDims, m.NumSymbols)
	}
	return out, newIters
}
