package preprocessing

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/ir/pass"
)

// FuseElementwiseOps fuses an all-parallel linalg.generic producer into the
// all-parallel linalg.generic that alone reads it, so that the producer's
// result is never written to memory and read back: a bias add, a relu and
// a truncf after a convolution become one dispatch. It is our analogue of
// upstream MLIR's -linalg-fuse-elementwise-ops (ElementwiseOpFusion.cpp,
// fuseElementwiseOps with the "producer has one use" control), restricted
// to consumers without reduction loops — except, with the option
// fuse-into-sums, a plain sum (see below).
//
// Only linalg.generic is matched; named ops (linalg.fill, linalg.matmul,
// linalg.transpose, ...) are left alone, so run
// linalg-generalize-named-ops first where they should take part.
//
// Pre: valid IR. A producer P and a consumer C, both linalg.generic in the
// same block, fuse when
//   - every iterator of P and of C is parallel (C with a reduction loop is
//     never a consumer: the CPU's contraction fast path needs a plain
//     multiply-accumulate body, and fusing, say, a kernel flip into a
//     convolution would make it slow). With fuse-into-sums, C may instead
//     be a plain sum: one input, one output, and a body that only adds
//     the input to the output (arith.addf of the two block arguments,
//     yielded), with reduction loops; C then reads P at every point of
//     its loops once (L a permutation, broadcast or not), and P does not
//     yield a product of two of its inputs (fused, that would be a
//     multiply-accumulate, which fp-contract rounds once a term where the
//     unfused pair rounds each product). A batch norm's gradient sums
//     dy·(x − mean) over all but the channel: fused, the product is never
//     written (the CPU sums it as a contraction);
//   - every use of every result of P is an input operand of C (at least one;
//     results without uses are dropped). No result is read elsewhere, so no
//     work is duplicated and P disappears;
//   - for every such use, P's output indexing map of that result is a
//     permutation, and the loop map L = inverse(P's output map) ∘ (C's map
//     of the operand), which says at which point of P's iteration space C
//     reads P, is the same for every use (C reads all of P's results at one
//     point, so P's body runs once per point of C);
//   - L is a permutation, i.e. C reads each element of P exactly once. A
//     consumer that broadcasts P (reads it at fewer points than it has
//     iterations) would recompute P's body for every broadcast copy; this
//     is refused unless the option fuse-broadcast-producers is true.
//     Broadcasts of C's other inputs, and of P's inputs, are fine;
//   - P's body never reads its out arguments (not even to yield them), every
//     op in it is pure (Pure, or RecursivelyPure with pure contents), and
//     every linalg.index in it sits directly in the body and is mapped by L
//     to an expression of dims, constants, + and · by a constant;
//   - every loop of C remains some operand's bare dimension after the
//     rewrite, so loop extents stay derivable from operand shapes.
//
// Post: C is replaced by a linalg.generic F with C's loops, iterator types,
// results and outputs. F's inputs are C's inputs before the first fused
// operand, then P's inputs with maps (P's input map) ∘ L, then C's other
// inputs; the fused operands are gone, an input equal to an earlier one in
// value and map is merged into it, and an input of P that P's body does not
// read is dropped. F's body is P's body (its block arguments remapped, each
// linalg.index d replaced by L's result d built from linalg.index of F's
// loops and arith on index) followed by C's body, in which each fused block
// argument is replaced by the value P yields for that result. P is erased
// and its now unused inits (tensor.empty, linalg.fill) with it. The greedy
// driver repeats this, so chains fuse into one generic: relu(add(conv,
// bias)) becomes the convolution, still a separate generic, and one generic
// for add and relu. Each element is computed by the same scalar operations
// in the same order as before, so results are bitwise equal.
var FuseElementwiseOps = &pass.Def{
	Name:    "fuse-elementwise-ops",
	Summary: "fuse all-parallel linalg.generic producers into the all-parallel linalg.generic consumer that alone reads them",
	Options: []pass.Option{
		{Name: "fuse-broadcast-producers", Default: "false", Help: "also fuse a producer its consumer broadcasts, recomputing the producer's body for every broadcast copy"},
		{Name: "fuse-into-sums", Default: "false", Help: "also fuse a producer into a plain sum that alone reads it (a consumer with reduction loops whose body only adds its input to its output)"},
	},
	Run: func(op *ir.Operation, c *pass.Context) error {
		bc, err := c.Options.Bool("fuse-broadcast-producers")
		if err != nil {
			return err
		}
		sums, err := c.Options.Bool("fuse-into-sums")
		if err != nil {
			return err
		}
		_, err = pass.ApplyPatternsGreedily(c.IR, op, []*ir.Pattern{fuseElementwiseOpsPattern(bc, sums)}, pass.GreedyConfig{})
		return err
	},
}

// FuseElementwiseOpsPattern is the rewrite as a pattern rooted at the
// consumer; broadcast is the fuse-broadcast-producers option.
func FuseElementwiseOpsPattern(broadcast bool) *ir.Pattern {
	return fuseElementwiseOpsPattern(broadcast, false)
}

// fuseElementwiseOpsPattern is the pattern with both options: broadcast,
// fuse-broadcast-producers, and sums, fuse-into-sums.
func fuseElementwiseOpsPattern(broadcast, sums bool) *ir.Pattern {
	return &ir.Pattern{
		Name: "fuse-elementwise-ops",
		Root: linalg.Generic,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			return rewriteFuseElementwise(op, rw, broadcast, sums)
		},
	}
}

// fusionPlan is what matchElementwiseFusion found for a producer and a
// consumer.
type fusionPlan struct {
	p, c    *ir.Operation
	fused   map[int]int // input index of C → result index of P
	loopMap affine.Map  // C's loops → P's loops
}

func rewriteFuseElementwise(c *ir.Operation, rw *ir.Rewriter, broadcast, sums bool) bool {
	if !isAllParallelGeneric(c) {
		if !sums || !isPlainSum(c) {
			return false
		}
		// Fused, a product of two inputs summed is a
		// multiply-accumulate, which fp-contract would round once a term
		// where the unfused pair rounds the product apart (and the GPUs'
		// pipelines, which keep them apart, would no longer give the
		// CPU's bits).
		if p := linalg.Inputs(c)[0].DefiningOp(); p != nil && yieldsProduct(p) {
			return false
		}
		// A sum reads each element of its one input once: no broadcast
		// (matchElementwiseFusion then wants L a permutation).
		broadcast = false
	}
	tried := map[*ir.Operation]bool{}
	for _, in := range linalg.Inputs(c) {
		p := in.DefiningOp()
		if p == nil || tried[p] {
			continue
		}
		tried[p] = true
		if fp, ok := matchElementwiseFusion(p, c, broadcast); ok && fuseElementwise(fp, rw) {
			return true
		}
	}
	return false
}

// isAllParallelGeneric reports whether op is a well-formed linalg.generic
// (isWellFormedGeneric) whose loops are all parallel.
func isAllParallelGeneric(op *ir.Operation) bool {
	if !isWellFormedGeneric(op) {
		return false
	}
	for _, it := range linalg.IteratorTypes(op) {
		if it != linalg.Parallel {
			return false
		}
	}
	return true
}

// yieldsProduct reports whether op is a linalg.generic whose body yields
// an arith.mulf of two of its block arguments.
func yieldsProduct(op *ir.Operation) bool {
	body := linalg.Body(op)
	if op.Name != linalg.Generic || body == nil || body.Terminator() == nil || body.Terminator().NumOperands() != 1 {
		return false
	}
	mul := body.Terminator().Operand(0).DefiningOp()
	if mul == nil || mul.Name != arith.MulF {
		return false
	}
	for _, v := range mul.Operands() {
		if !v.IsBlockArg() || v.OwnerBlock() != body {
			return false
		}
	}
	return true
}

// isPlainSum reports whether op is a well-formed linalg.generic with one
// input and one output whose body adds the input to the output and
// yields the sum: out + in (either order) over its loops, some of them
// reductions.
func isPlainSum(op *ir.Operation) bool {
	if !isWellFormedGeneric(op) || len(linalg.Inputs(op)) != 1 || len(linalg.Outputs(op)) != 1 {
		return false
	}
	body := linalg.Body(op)
	add := body.First()
	if add == nil || add.Name != arith.AddF || add.NumOperands() != 2 || add.Next() != body.Terminator() {
		return false
	}
	in, out := body.Arg(0), body.Arg(1)
	x, y := add.Operand(0), add.Operand(1)
	if !(x == in && y == out || x == out && y == in) {
		return false
	}
	yield := body.Terminator()
	return yield.NumOperands() == 1 && yield.Operand(0) == add.Result(0)
}

// isWellFormedGeneric reports whether op is a linalg.generic with maps
// without symbols, one per operand, a body, and one result per init.
func isWellFormedGeneric(op *ir.Operation) bool {
	if op.Name != linalg.Generic {
		return false
	}
	maps, iters, body := linalg.IndexingMaps(op), linalg.IteratorTypes(op), linalg.Body(op)
	ins, outs := linalg.Inputs(op), linalg.Outputs(op)
	if maps == nil || iters == nil || body == nil || (ins == nil && outs == nil) || len(maps) != op.NumOperands() ||
		len(outs) != op.NumResults() || len(body.Args()) != op.NumOperands() || body.Terminator() == nil {
		return false
	}
	for _, m := range maps {
		if m.NumSymbols != 0 || m.NumDims != len(iters) {
			return false
		}
	}
	return true
}

func matchElementwiseFusion(p, c *ir.Operation, broadcast bool) (*fusionPlan, bool) {
	if p == c || p.Block() == nil || p.Block() != c.Block() || !isAllParallelGeneric(p) {
		return nil, false
	}
	pIns := linalg.Inputs(p)
	pMaps, cMaps := linalg.IndexingMaps(p), linalg.IndexingMaps(c)
	nCIn := len(linalg.Inputs(c))
	body := linalg.Body(p)
	for j := len(pIns); j < len(body.Args()); j++ {
		if body.Arg(j).HasUses() {
			return nil, false // P reads (or yields) its out argument
		}
	}
	fp := &fusionPlan{p: p, c: c, fused: map[int]int{}}
	first := true
	for k, r := range p.Results() {
		for _, u := range r.Uses() {
			if u.Owner() != c || u.Index() >= nCIn {
				return nil, false // another user, or C's init
			}
			outMap := pMaps[len(pIns)+k]
			if !outMap.IsPermutation() {
				return nil, false
			}
			inv, ok := affine.InversePermutation(outMap)
			if !ok {
				return nil, false
			}
			l := inv.Compose(cMaps[u.Index()]).Simplify()
			if first {
				fp.loopMap, first = l, false
			} else if !l.Equal(fp.loopMap) {
				return nil, false // C reads P's results at different points
			}
			fp.fused[u.Index()] = k
		}
	}
	if first {
		return nil, false
	}
	if !broadcast && !fp.loopMap.IsPermutation() {
		return nil, false
	}
	if !isPureBody(body) {
		return nil, false
	}
	ok := true
	p.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name != linalg.Index {
			return
		}
		d, isDim := linalg.IndexDim(o)
		if !isDim || o.Block() != body || d >= len(fp.loopMap.Results) || !indexExprSupported(fp.loopMap.Results[d]) {
			ok = false
		}
	})
	if !ok {
		return nil, false
	}
	if _, _, ok := fusedInputs(fp); !ok {
		return nil, false
	}
	return fp, true
}

// isPureBody reports whether every op of a body (its terminator aside) is
// free of side effects, nested regions included.
func isPureBody(body *ir.Block) bool {
	for o := body.First(); o != nil; o = o.Next() {
		if o == body.Terminator() {
			continue
		}
		if !pass.HasNoEffects(o) {
			return false
		}
	}
	return true
}

// indexExprSupported reports whether e can be built from linalg.index and
// arith on index: dims, constants, sums and products with a constant.
func indexExprSupported(e affine.Expr) bool {
	switch e.Kind() {
	case affine.KindDim, affine.KindConst:
		return true
	case affine.KindAdd:
		return indexExprSupported(e.LHS()) && indexExprSupported(e.RHS())
	case affine.KindMul:
		_, lc := e.LHS().AsConst()
		_, rc := e.RHS().AsConst()
		return (lc || rc) && indexExprSupported(e.LHS()) && indexExprSupported(e.RHS())
	}
	return false
}

// fusedInput is one input of the fused op: its value and map, and which
// block arguments of P and C it stands for.
type fusedInput struct {
	v *ir.Value
	m affine.Map
}

// fusedInputs lists the inputs of the fused op and, for every block
// argument of P's and C's bodies that is an input, the index of the fused
// input it becomes (-1 for a fused operand of C or an unread input of P).
// ok is false when a loop of C would no longer be any operand's bare
// dimension.
func fusedInputs(fp *fusionPlan) (ins []fusedInput, argOf map[*ir.Value]int, ok bool) {
	pIns, cIns := linalg.Inputs(fp.p), linalg.Inputs(fp.c)
	pMaps, cMaps := linalg.IndexingMaps(fp.p), linalg.IndexingMaps(fp.c)
	pBody, cBody := linalg.Body(fp.p), linalg.Body(fp.c)
	argOf = map[*ir.Value]int{}
	add := func(arg *ir.Value, v *ir.Value, m affine.Map) {
		for i, in := range ins {
			if in.v == v && in.m.Equal(m) {
				argOf[arg] = i
				return
			}
		}
		argOf[arg] = len(ins)
		ins = append(ins, fusedInput{v, m})
	}
	firstFused := -1
	for i := range cIns {
		if _, ok := fp.fused[i]; ok && firstFused < 0 {
			firstFused = i
		}
	}
	for i, in := range cIns {
		if i == firstFused {
			for j, pin := range pIns {
				if !pBody.Arg(j).HasUses() {
					argOf[pBody.Arg(j)] = -1
					continue
				}
				add(pBody.Arg(j), pin, pMaps[j].Compose(fp.loopMap).Simplify())
			}
		}
		if _, ok := fp.fused[i]; ok {
			argOf[cBody.Arg(i)] = -1
			continue
		}
		add(cBody.Arg(i), in, cMaps[i])
	}
	covered := make([]bool, linalg.NumLoops(fp.c))
	mark := func(m affine.Map) {
		for _, e := range m.Results {
			if d, ok := e.AsDim(); ok && d < len(covered) {
				covered[d] = true
			}
		}
	}
	for _, in := range ins {
		mark(in.m)
	}
	for _, m := range cMaps[len(cIns):] {
		mark(m)
	}
	for _, c := range covered {
		if !c {
			return nil, nil, false
		}
	}
	return ins, argOf, true
}

// fuseElementwise builds the fused op before C, replaces C with it and
// erases P.
func fuseElementwise(fp *fusionPlan, rw *ir.Rewriter) bool {
	ins, argOf, ok := fusedInputs(fp)
	if !ok {
		return false
	}
	p, c := fp.p, fp.c
	cIns, cOuts := linalg.Inputs(c), linalg.Outputs(c)
	cMaps := linalg.IndexingMaps(c)
	pBody, cBody := linalg.Body(p), linalg.Body(c)

	var inVals []*ir.Value
	var maps []affine.Map
	for _, in := range ins {
		inVals = append(inVals, in.v)
		maps = append(maps, in.m)
	}
	maps = append(maps, cMaps[len(cIns):]...)
	rw.SetInsertionPointBefore(c)
	f := linalg.NewGeneric(&rw.Builder, c.Loc, inVals, cOuts, maps, linalg.IteratorTypes(c), c.ResultTypes(), nil)
	block := linalg.Body(f)

	mapping := map[*ir.Value]*ir.Value{}
	for arg, i := range argOf {
		if i >= 0 {
			mapping[arg] = block.Arg(i)
		}
	}
	for j := range cOuts {
		mapping[cBody.Arg(len(cIns)+j)] = block.Arg(len(ins) + j)
	}
	nb := rw.Builder
	nb.SetInsertionPointToEnd(block)
	// P's body, its linalg.index ops rewritten to F's loops.
	for o := pBody.First(); o != nil; o = o.Next() {
		if o == pBody.Terminator() {
			continue
		}
		if o.Name == linalg.Index {
			d, _ := linalg.IndexDim(o)
			mapping[o.Result(0)] = buildIndexExpr(&nb, o.Loc, fp.loopMap.Results[d])
			continue
		}
		nb.Insert(ir.Clone(o, mapping))
	}
	yielded := pBody.Terminator().Operands()
	for i, k := range fp.fused {
		v := yielded[k]
		if w, ok := mapping[v]; ok {
			v = w
		}
		mapping[cBody.Arg(i)] = v
	}
	// C's body, terminator included.
	for o := cBody.First(); o != nil; o = o.Next() {
		nb.Insert(ir.Clone(o, mapping))
	}

	pInits := linalg.Outputs(p)
	rw.ReplaceOp(c, f.Results())
	rw.EraseOp(p)
	for _, v := range pInits {
		if d := v.DefiningOp(); d != nil {
			eraseIfDead(rw, d)
		}
	}
	return true
}

// buildIndexExpr emits e, an expression of F's loop dims, as linalg.index
// and arith ops on index at b's insertion point.
func buildIndexExpr(b *ir.Builder, loc ir.Location, e affine.Expr) *ir.Value {
	switch e.Kind() {
	case affine.KindDim:
		d, _ := e.AsDim()
		return linalg.NewIndex(b, loc, d)
	case affine.KindConst:
		v, _ := e.AsConst()
		return arith.ConstantIndex(b, loc, v)
	case affine.KindAdd:
		l, r := buildIndexExpr(b, loc, e.LHS()), buildIndexExpr(b, loc, e.RHS())
		return arith.Binary(b, loc, arith.AddI, l, r)
	case affine.KindMul:
		l, r := buildIndexExpr(b, loc, e.LHS()), buildIndexExpr(b, loc, e.RHS())
		return arith.Binary(b, loc, arith.MulI, l, r)
	}
	panic("preprocessing: buildIndexExpr on an unsupported expression (matchElementwiseFusion checks)")
}
