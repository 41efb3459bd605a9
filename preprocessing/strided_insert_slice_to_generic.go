package preprocessing

import (
	"math/bits"
	"strconv"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/ir/pass"
)

// DefaultMaxPassThroughElements is the default of the
// max-pass-through-elements option of StridedInsertSliceToGeneric, the
// cost decision for torchlower's CPU backend: 0, convert nothing (the
// pass-through count is at least 1).
//
// IREE hard-codes 256 (kMaxPassthroughElems), a GPU crossover: there the
// unconverted scatter runs as Memset + slow_memcpy on the DMA engines, which
// beat a compute dispatch when the pass-through dims (G×C, innermost in
// NHWC) are large, and lose to it on huge tensors. On the CPU backend there
// is no copy engine to lose to: plan runs the insert_slice as a memset plus
// a strided copy over the source elements, while the generic evaluates its
// index arithmetic per destination element. BenchmarkScatter
// (cost_bench_test.go; 2 cores, f32, 2×C×28×28 scattered at stride 2 into
// 57×57) measured the generic 11–185x slower than fill + insert_slice for
// every pass-through extent tried (C = 4, 64, 512) in both NCHW and NHWC,
// so no threshold on the pass-through count makes it pay here, and the CPU
// default converts nothing. The rewrite does not change the MACs of the
// convolution that reads the scatter (that is the job of the swap and of
// the phase decomposition); a backend whose compute beats its copies sets
// the option: IREE's figure is 256, and -1 converts every match.
const DefaultMaxPassThroughElements = 0

// StridedInsertSliceToGeneric rewrites a strided tensor.insert_slice into a
// zero destination as one linalg.generic over the destination that
// gathers from the source (conv-backward.md, preprocessing pass 1; IREE's
// ConvertStridedInsertSliceToGeneric, seed 000).
//
// Pre: valid IR. The pass matches a tensor.insert_slice whose
//   - destination is +0 everywhere, spelled `arith.constant dense<0>` or
//     `linalg.fill(0)` of a `tensor.empty`; a fill result must have no other
//     use (a shared zero constant may: constants are immutable);
//   - offsets, sizes and strides are static attribute entries, source and
//     destination have static shapes and the same rank (no rank reduction);
//   - some stride is not 1 on a dim whose slice size exceeds 1;
//   - the pass-through count (the product of the extents of the
//     pass-through dims other than dim 0, as IREE counts it, 1 when there
//     are none) is at most max-pass-through-elements, when that option is
//     not negative (see DefaultMaxPassThroughElements: the CPU default 0
//     converts nothing).
//
// A dim is pass-through when its stride is 1 (or its size 1), its offset 0
// and its size the whole destination extent: source index = destination
// index. Everything else is left alone.
//
// Post: each matched insert_slice is replaced by
//
//	[tensor.collapse_shape of the source]  (runs of adjacent pass-through dims merged)
//	linalg.generic outs(tensor.empty) with identity map, all-parallel, whose body,
//	  per strided dim i with offset o, stride s, source size n:
//	    shifted = index(i) − o;  valid_i = shifted ≥ 0 ∧ shifted mod s = 0 ∧ shifted / s < n
//	    (mod/div are arith.andi/arith.shrsi for power-of-two s, arith.remsi/divsi otherwise;
//	     a size-1 dim is just index(i) = o; conjuncts that hold for every index of the
//	     destination are not emitted)
//	  extracts the source at the quotients clamped into [0, n−1] and yields
//	  arith.select(∧ valid_i, element, 0)
//	[tensor.expand_shape back to the destination type]
//
// and the zero destination is erased when nothing else uses it. The result
// equals the insert_slice's element for element.
var StridedInsertSliceToGeneric = &pass.Def{
	Name:    "strided-insert-slice-to-generic",
	Summary: "rewrite a strided tensor.insert_slice into zeros as one gathering linalg.generic",
	Options: []pass.Option{
		{Name: "max-pass-through-elements", Default: strconv.Itoa(DefaultMaxPassThroughElements),
			Help: "convert only when the pass-through dims other than dim 0 hold at most this many elements (0: never, the measured CPU choice; negative: always; IREE's GPU figure is 256)"},
	},
	Run: runStridedInsertSliceToGeneric,
}

func runStridedInsertSliceToGeneric(op *ir.Operation, c *pass.Context) error {
	limit := int64(DefaultMaxPassThroughElements)
	if _, ok := c.Options["max-pass-through-elements"]; ok {
		n, err := c.Options.Int("max-pass-through-elements")
		if err != nil {
			return err
		}
		limit = int64(n)
	}
	_, err := pass.ApplyPatternsGreedily(c.IR, op, []*ir.Pattern{StridedInsertSliceToGenericPattern(limit)}, pass.GreedyConfig{})
	return err
}

// StridedInsertSliceToGenericPattern is the rewrite of
// StridedInsertSliceToGeneric as a pattern, for pipelines that combine it
// with others. maxPassThrough < 0 means no limit.
func StridedInsertSliceToGenericPattern(maxPassThrough int64) *ir.Pattern {
	return &ir.Pattern{
		Name: "strided-insert-slice-to-generic",
		Root: tensor.InsertSlice,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			return rewriteStridedInsertSlice(op, rw, maxPassThrough)
		},
	}
}

// scatterGeom is the static geometry of a strided insert_slice of equal
// source and destination rank.
type scatterGeom struct {
	src, dst                ir.RankedTensorType
	offsets, sizes, strides []int64
}

// matchStridedZeroInsert checks everything but the pass-through limit and
// returns the geometry and the zero destination.
func matchStridedZeroInsert(op *ir.Operation) (scatterGeom, zeroDest, bool) {
	var g scatterGeom
	if op.Name != tensor.InsertSlice || !tensor.IsStridedInsertSlice(op) || op.NumOperands() < 2 {
		return g, zeroDest{}, false
	}
	src, ok1 := op.Operand(0).Type().(ir.RankedTensorType)
	dst, ok2 := op.Operand(1).Type().(ir.RankedTensorType)
	if !ok1 || !ok2 || src.Rank() != dst.Rank() || !staticShape(src.Shape) || !staticShape(dst.Shape) {
		return g, zeroDest{}, false
	}
	offsets, sizes, strides, ok := staticSliceParams(op)
	if !ok {
		return g, zeroDest{}, false
	}
	strided := false
	for i := range sizes {
		if sizes[i] != src.Shape[i] || strides[i] < 1 {
			return g, zeroDest{}, false
		}
		strided = strided || (strides[i] != 1 && sizes[i] > 1)
	}
	if !strided {
		return g, zeroDest{}, false
	}
	z, ok := matchZeroDest(op.Operand(1))
	if !ok || (z.fill && !op.Operand(1).HasOneUse()) {
		return g, zeroDest{}, false
	}
	return scatterGeom{src: src, dst: dst, offsets: offsets, sizes: sizes, strides: strides}, z, true
}

// passThrough reports whether dim i copies the source unchanged.
func (g scatterGeom) passThrough(i int) bool {
	return g.offsets[i] == 0 && g.sizes[i] == g.dst.Shape[i] && (g.strides[i] == 1 || g.sizes[i] == 1)
}

// passThroughElements is IREE's measure: the product of the pass-through
// extents over dims 1..rank-1.
func (g scatterGeom) passThroughElements() int64 {
	n := int64(1)
	for i := 1; i < g.dst.Rank(); i++ {
		if g.passThrough(i) {
			n *= g.dst.Shape[i]
		}
	}
	return n
}

// groups merges runs of adjacent pass-through dims.
func (g scatterGeom) groups() [][]int64 {
	var out [][]int64
	for i := 0; i < g.dst.Rank(); i++ {
		if i > 0 && g.passThrough(i) && g.passThrough(i-1) {
			out[len(out)-1] = append(out[len(out)-1], int64(i))
			continue
		}
		out = append(out, []int64{int64(i)})
	}
	return out
}

// collapse returns the geometry with each group merged into one dim (a
// merged group is all pass-through).
func (g scatterGeom) collapse(groups [][]int64) scatterGeom {
	c := scatterGeom{src: tensor.CollapsedType(g.src, groups), dst: tensor.CollapsedType(g.dst, groups)}
	for _, grp := range groups {
		d := grp[0]
		size := int64(1)
		for _, e := range grp {
			size *= g.sizes[e]
		}
		stride := g.strides[d]
		if len(grp) > 1 {
			stride = 1
		}
		c.offsets = append(c.offsets, g.offsets[d])
		c.sizes = append(c.sizes, size)
		c.strides = append(c.strides, stride)
	}
	return c
}

func rewriteStridedInsertSlice(op *ir.Operation, rw *ir.Rewriter, maxPassThrough int64) bool {
	g, z, ok := matchStridedZeroInsert(op)
	if !ok {
		return false
	}
	if maxPassThrough >= 0 && g.passThroughElements() > maxPassThrough {
		return false
	}
	res := emitScatterGeneric(&rw.Builder, op.Loc, op.Operand(0), g)
	rw.ReplaceOp(op, []*ir.Value{res})
	eraseIfDead(rw, z.def)
	return true
}

// emitScatterGeneric builds, at b's insertion point, the gathering generic
// that equals scattering src into zeros of g.dst, with the collapse and
// expand around it, and returns the value of type g.dst.
func emitScatterGeneric(b *ir.Builder, loc ir.Location, src *ir.Value, g scatterGeom) *ir.Value {
	groups := g.groups()
	needCollapse := len(groups) < g.dst.Rank()
	cg := g
	if needCollapse {
		cg = g.collapse(groups)
		src = tensor.NewCollapseShape(b, loc, cg.src, src, groups)
	}
	rank := cg.dst.Rank()
	iters := make([]string, rank)
	for i := range iters {
		iters[i] = linalg.Parallel
	}
	init := tensor.NewEmpty(b, loc, cg.dst, nil)
	gen := linalg.NewGeneric(b, loc, nil, []*ir.Value{init}, []affine.Map{affine.Identity(rank)}, iters,
		[]ir.Type{cg.dst}, func(bb *ir.Builder, _ []*ir.Value) []*ir.Value {
			return []*ir.Value{scatterBody(bb, loc, src, cg)}
		})
	res := gen.Result(0)
	if needCollapse {
		res = tensor.NewExpandShape(b, loc, g.dst, res, groups)
	}
	return res
}

// scatterBody emits the body computation of the gathering generic and
// returns the element to yield.
func scatterBody(b *ir.Builder, loc ir.Location, src *ir.Value, g scatterGeom) *ir.Value {
	consts := map[int64]*ir.Value{}
	cst := func(v int64) *ir.Value {
		if c := consts[v]; c != nil {
			return c
		}
		c := arith.ConstantIndex(b, loc, v)
		consts[v] = c
		return c
	}
	var valid *ir.Value
	and := func(c *ir.Value) {
		if valid == nil {
			valid = c
			return
		}
		valid = arith.Binary(b, loc, arith.AndI, valid, c)
	}
	idx := make([]*ir.Value, g.dst.Rank())
	for i := range idx {
		iv := linalg.NewIndex(b, loc, i)
		if g.passThrough(i) {
			idx[i] = iv
			continue
		}
		off, s, n, ext := g.offsets[i], g.strides[i], g.sizes[i], g.dst.Shape[i]
		if n == 1 {
			// One source element: valid iff the index is the offset.
			and(arith.NewCmpI(b, loc, "eq", iv, cst(off)))
			idx[i] = cst(0)
			continue
		}
		shifted := iv
		if off != 0 {
			shifted = arith.Binary(b, loc, arith.SubI, iv, cst(off))
		}
		// Largest quotient any destination index produces.
		maxQ := (ext - 1 - off) / s
		q := shifted
		if s > 1 {
			var rem *ir.Value
			if s&(s-1) == 0 {
				rem = arith.Binary(b, loc, arith.AndI, shifted, cst(s-1))
				q = arith.Binary(b, loc, arith.ShRSI, shifted, cst(int64(bits.TrailingZeros64(uint64(s)))))
			} else {
				rem = arith.Binary(b, loc, arith.RemSI, shifted, cst(s))
				q = arith.Binary(b, loc, arith.DivSI, shifted, cst(s))
			}
			if off != 0 {
				and(arith.NewCmpI(b, loc, "sge", shifted, cst(0)))
			}
			and(arith.NewCmpI(b, loc, "eq", rem, cst(0)))
		} else if off != 0 {
			and(arith.NewCmpI(b, loc, "sge", shifted, cst(0)))
		}
		if maxQ >= n {
			and(arith.NewCmpI(b, loc, "slt", q, cst(n)))
		}
		// Clamp into [0, n-1] so the extract stays in bounds where the
		// element is not selected.
		if off != 0 {
			q = arith.Binary(b, loc, arith.MaxSI, q, cst(0))
		}
		if maxQ > n-1 {
			q = arith.Binary(b, loc, arith.MinSI, q, cst(n-1))
		}
		idx[i] = q
	}
	elem := g.src.Elem
	v := b.Create(tensor.Extract, loc, append([]*ir.Value{src}, idx...), []ir.Type{elem}, nil, 0).Result(0)
	if valid == nil {
		return v
	}
	return arith.NewSelect(b, loc, valid, v, zeroScalar(b, loc, elem))
}
