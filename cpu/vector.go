package cpu

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// An elementwise generic (every loop parallel; a body of float
// arithmetic, math functions, float casts, comparisons and selects: an
// activation, a bias add, a batch-norm apply, a truncf) runs a block of
// lanes along its innermost loop at a time instead of one element at a
// time: each block's operands are loaded into lane registers, each op of
// the body runs as one loop over the lanes, and the results are stored.
// The per-element cost of the interpreter (an indirect call per op, per
// load and per store, the loop nest's bookkeeping) is paid once per block.
//
// Each lane computes exactly what the interpreter computes for its
// element: the same float64 registers, the same functions, the same
// rounding to the result type after every op. Where the CPU has AVX-512
// the common ops (contiguous f32/f16/bf16 loads and stores, f32
// arithmetic, max/min, comparisons, select, 16-bit rounding) run 8
// lanes an instruction (lanes_amd64.s), the same double operations and
// roundings; TestLaneKernels holds each to its Go loop. Lanes are independent
// because no two lanes of a block write one output element and no output
// overlaps an input other than element for element (an in-place update
// reads its element before the block's store writes it); bodies with
// anything else (integer arithmetic, linalg.index, tensor.extract) stay
// on the interpreter.
//
// Reductions (a batch-norm's variance, Σ (x - mean)², and its gradients)
// run in lanes too. Where the innermost loop moves every output, lanes
// are distinct output elements and the blocks run as above, each reading
// the values the blocks before it stored. Where it moves none (a sum over
// H·W), the body must end in a fold, out' = f(out, x) with x computed
// without out: the lanes compute a block of x, and f folds them into the
// output element one by one in loop order, exactly as the interpreter's
// loads and stores of that element would. Where an outer loop moves the
// output (a batch norm's statistics per channel), eight of its
// iterations run together and their chains fold interleaved
// (vprogram.group), and workers split that loop; an f32 sum folds in
// float32 adds (foldSum32: the same bits).

// vecLanes is the block length along the innermost loop.
const vecLanes = 256

// minLaneWork is the element count below which a generic is not worth a
// lane program.
const minLaneWork = 256

type vframe struct {
	f [][]float64
	i [][]int64
	// q and st are the current block's start and step per operand.
	q, st []int64
	// A block of rows (vprogram.rows) is nrows runs of ncols lanes; rst
	// is each operand's step from one row to the next.
	nrows, ncols int64
	rst          []int64
	// at holds the outer loops' current iterations and i0 the current
	// block's first iteration of the innermost loop, for linalg.index;
	// dimPos maps each generic loop to its lane-program loop (-1: a unit
	// loop, always 0).
	at     []int64
	i0     int64
	dimPos []int
	// fslab and islab hold the registers (laneStore).
	fslab []float64
	islab []int64
	// f32 holds the float32 registers of a float32 lane program.
	f32 *frame32
	// For a grouped fold (vprogram.group): gn members in the current
	// group, each member's block of x and output offset.
	gn    int
	xs    [foldGroup][]float64
	xs32  [foldGroup][]float32
	gq    [foldGroup]int64
	xsl   []float64
	xsl32 []float32
	// held[o] is 1 + the element whose value operand o's register holds
	// in its first heldN[o] lanes, a broadcast's fill kept from the last
	// block (0: none; -1: never, o overlaps an output, which may change
	// the element meanwhile).
	held, heldN []int64
}

type vinstr func(fr *vframe, n int)

type vprogram struct {
	*laneCode
	// The loop nest with adjacent loops merged where every operand steps
	// through them as one (a bias add over N×C×H×W runs H·W-long lanes),
	// unit loops dropped: extents, per operand coefficients, and the
	// loop divided among workers (-1: none).
	ext   []int64
	coef  [][]int64
	split int
	// dims is the generic loop of each lane-program loop, kept when the
	// body reads loop indices (linalg.index): then loops are not merged.
	dims []int
	// f32, when set, runs the blocks in float32 lanes (lanes32.go);
	// copyIn marks the operands it must copy in rather than read in
	// place (their memory overlaps an output).
	f32    *lane32Code
	copyIn []bool
	// rows, when above 1, is how many iterations of the loop outside the
	// innermost one a block of an elementwise program spans (rowBlocks).
	rows int64
	// group, for a fold whose innermost loop moves no output (-1: none),
	// is a loop that moves every output: foldGroup consecutive
	// iterations of it run together, their blocks of x folded
	// interleaved into their foldGroup distinct output elements
	// (foldLanesGroup), so that the folds' dependent chains overlap.
	group int
}

// foldGroup is how many output elements a grouped fold folds at once:
// enough independent chains of dependent adds to keep a core's adders
// busy.
const foldGroup = 8

// laneCode is a body compiled for lanes; it depends on the body alone, so
// the steps of a run share it (prepare.go).
type laneCode struct {
	p    *program // registers, constants, block arguments and yields
	code []vinstr
	// fold, when not nil, folds the one yielded value of each lane into
	// the output instead of storing it (the body without its last
	// step, f, was compiled).
	fold *laneFold
}

// laneFold is a reduction's last step: out = r(f(out, x)), or
// r(f(x, out)) when xFirst.
type laneFold struct {
	f      func(x, y float64) float64
	r      func(float64) float64
	xFirst bool
	// sum32 and sum64 mark an f32 or f64 addf: folded by plain float32
	// or float64 adds (foldSum32, foldSum64), the same bits (see there).
	sum32, sum64 bool
	// max32 and min32 mark an f32 maxf/maximumf or minf/minimumf: folded
	// by Go's max or min inline (foldMinMax32), the function f calls.
	max32, min32 bool
}

// compileVector returns the lane program of kernel k, whose body cb is;
// nil when the generic does not qualify.
func compileVector(k *kernel, maps []affine.Map, iters []string, cb *compiledBody) *vprogram {
	// Tiny generics (a batch-norm's per-channel statistics) stay on the
	// interpreter: compiling and allocating lanes would cost more.
	if len(k.ext) == 0 || len(k.prog.code) == 0 || k.work < minLaneWork {
		return nil
	}
	reduces := false
	for _, it := range iters {
		reduces = reduces || it != linalg.Parallel
	}
	for o := 0; o < k.nIn; o++ {
		for j := k.nIn; j < len(k.ops); j++ {
			in, out := &k.ops[o], &k.ops[j]
			if in.reg.idx >= 0 && overlaps(in.mem, out.mem) && (reduces || !sameOffsets(in, out)) {
				return nil
			}
		}
	}
	if reduces && !indexesParallel(maps[k.nIn:], iters) {
		return nil
	}
	vp := &vprogram{}
	vp.mergeLoops(k, readsIndex(cb.body))
	if !reduces {
		vp.laneCode = cb.laneCode()
		if lc := cb.lane32Code(); lc != nil && vp.laneCode != nil && useLanes32 && lanes32Fit(k, lc) {
			vp.setLanes32(k, lc)
		}
		vp.rowBlocks()
	} else {
		vp.laneCode = reductionLanes(k, vp, cb)
	}
	if vp.laneCode == nil {
		return nil
	}
	return vp
}

// reductionLanes is the lane code of reduction kernel k over vp's loops:
// the plain one when the innermost loop moves every output, the fold one
// when it moves the one output there is not at all; nil otherwise. Only
// a loop that moves every output may be divided among workers.
func reductionLanes(k *kernel, vp *vprogram, cb *compiledBody) *laneCode {
	if !movesOutputs(k, vp, 0) {
		vp.split = -1
	}
	last := len(vp.ext) - 1
	if movesOutputs(k, vp, last) {
		return cb.laneCode()
	}
	// A fold's lanes run along the innermost loop; over a short one (a
	// pooling window's 2 or 3 taps) the blocks are a few lanes long and
	// their overhead is the whole cost. Then a loop that moves every
	// output goes innermost instead, as for a body that does not fold.
	if vp.ext[last] < minFoldLanes && interchange(k, vp) {
		return cb.laneCode()
	}
	if len(k.ops) == k.nIn+1 {
		if lc := cb.foldCode(); lc != nil {
			vp.groupFold(k)
			if l32 := cb.fold32Code(); l32 != nil && lc.fold.sum32 && useLanes32 && lanes32Fit(k, l32) {
				vp.setLanes32(k, l32)
			}
			return lc
		}
	}
	// No fold (several outputs, as an argmax's value and index, or a
	// body that selects), or a short one: make a loop that moves every
	// output the innermost. Lanes are then distinct output elements, and
	// each still meets the reduction's iterations in order, one outer
	// iteration after another, as the interpreter would.
	if interchange(k, vp) {
		return cb.laneCode()
	}
	return nil
}

// minFoldLanes is the shortest innermost reduction loop a fold's lanes
// run along when another loop could be the lanes instead.
const minFoldLanes = 16

// interchange makes the innermost of the loops that move every output
// the lane-program's innermost loop and divides a loop that moves every
// output among workers; false when no loop moves every output.
func interchange(k *kernel, vp *vprogram) bool {
	for p := len(vp.ext) - 2; p >= 0; p-- {
		if movesOutputs(k, vp, p) {
			vp.moveInnermost(p)
			// Workers take ranges of a loop that moves every output: the
			// outermost if it does, else the innermost (distinct lanes
			// are distinct output elements).
			vp.split = len(vp.ext) - 1
			if movesOutputs(k, vp, 0) {
				vp.split = 0
			}
			return true
		}
	}
	return false
}

// setLanes32 makes vp run in float32 lanes lc, reading in place every
// operand whose memory overlaps no output.
func (vp *vprogram) setLanes32(k *kernel, lc *lane32Code) {
	vp.f32 = lc
	vp.copyIn = make([]bool, len(k.ops))
	for o := range k.ops {
		for j := k.nIn; j < len(k.ops); j++ {
			vp.copyIn[o] = vp.copyIn[o] || overlaps(k.ops[o].mem, k.ops[j].mem)
		}
	}
}

// rowBlocks sets vp.rows for an elementwise program whose innermost loop
// is short: a block then spans several iterations of the loop outside it
// too, as many as fill a block. An operand whose rows follow on from one
// another (an input read densely) is still one run of lanes; one whose
// rows do not (an output written into the interior of a padded buffer,
// 56 of every 58 elements) is loaded and stored a row at a time. Without
// it such an output's blocks were one row each, and the per-block cost
// (a call per op) quadrupled a batch norm's time at 56 lanes a row.
func (vp *vprogram) rowBlocks() {
	last := len(vp.ext) - 1
	if !useRowBlocks || vp.dims != nil || last < 1 || vp.ext[last] >= vecLanes/2 {
		return
	}
	vp.rows = min(vecLanes/vp.ext[last], vp.ext[last-1])
}

// useRowBlocks switches blocks of rows (benchmarks compare); rowBlockRuns
// counts the steps run in them.
var (
	useRowBlocks = true
	rowBlockRuns atomic.Int64
)

// rowsOf says how a block of n lanes reads or writes operand o: in rows
// runs of cols lanes, rs elements apart, when the block spans rows
// (vframe.nrows) that are not one run for o; else as one run (1, n, 0).
func (fr *vframe) rowsOf(o int, n int64) (rows, cols, rs int64) {
	if fr.nrows > 1 && fr.rst[o] != fr.ncols*fr.st[o] {
		return fr.nrows, fr.ncols, fr.rst[o]
	}
	return 1, n, 0
}

// groupFold picks vp.group for a fold: the innermost loop that moves
// every output (the one output), when the body does not read loop
// indices. Workers then take ranges of the outermost loop if it moves
// the output, else of the group loop.
func (vp *vprogram) groupFold(k *kernel) {
	vp.group = -1
	if vp.dims != nil {
		return
	}
	for p := len(vp.ext) - 2; p >= 0; p-- {
		if movesOutputs(k, vp, p) && vp.ext[p] > 1 {
			vp.group = p
			if vp.split < 0 {
				vp.split = p
			}
			return
		}
	}
}

// moveInnermost makes loop p the innermost, the others keeping their
// order.
func (vp *vprogram) moveInnermost(p int) {
	rot := func(s []int64) {
		v := s[p]
		copy(s[p:], s[p+1:])
		s[len(s)-1] = v
	}
	rot(vp.ext)
	for _, c := range vp.coef {
		rot(c)
	}
	if vp.dims != nil {
		d := vp.dims[p]
		copy(vp.dims[p:], vp.dims[p+1:])
		vp.dims[len(vp.dims)-1] = d
	}
}

// readsIndex reports whether a body reads loop indices (linalg.index).
func readsIndex(body *ir.Block) bool {
	for o := body.First(); o != nil; o = o.Next() {
		if o.Name == "linalg.index" {
			return true
		}
	}
	return false
}

// indexesParallel reports whether every output map is a projected
// permutation of parallel loops, constant 0 results allowed (a kept
// reduced dim of extent 1: a layer norm's [rows, 1] statistics): then
// distinct values of the loops an output moves along are distinct
// elements of it, which lanes and workers need.
func indexesParallel(outMaps []affine.Map, iters []string) bool {
	for _, m := range outMaps {
		if !m.IsProjectedPermutationAllowingZeros() {
			return false
		}
		for _, e := range m.Results {
			if d, isDim := e.AsDim(); isDim && iters[d] != linalg.Parallel {
				return false
			}
		}
	}
	return true
}

// movesOutputs reports whether every output steps along merged loop d.
func movesOutputs(k *kernel, vp *vprogram, d int) bool {
	for j := k.nIn; j < len(k.ops); j++ {
		if vp.coef[j][d] == 0 {
			return false
		}
	}
	return true
}

// compileLanes compiles body (loops deep) for lane execution; nil when
// an op has no lane form.
func compileLanes(body *ir.Block, loops int, caps map[*ir.Value]*capture) *laneCode {
	c := newCompiler(body, loops)
	c.captures = caps
	if c.bindArgs(body) != nil {
		return nil
	}
	lc := &laneCode{p: c.p}
	for o := body.First(); o != nil; o = o.Next() {
		if o.Name == "linalg.yield" {
			for i := range o.NumOperands() {
				r, err := c.lookup(o, o.Operand(i))
				if err != nil {
					return nil
				}
				c.p.yield = append(c.p.yield, r)
			}
			return lc
		}
		if lc.code = c.appendVectorOp(lc.code, o); lc.code == nil {
			return nil
		}
	}
	return nil
}

// compileFold compiles a reduction body of one output that ends in a
// fold: its yielded value is f(out, x) or f(x, out), f a float binary op
// and out the output's block argument, read nowhere else (so x does not
// depend on it). The lanes compute x; nil when the body has another form
// or an op without a lane form.
func compileFold(body *ir.Block, loops int, caps map[*ir.Value]*capture) *laneCode {
	last, x, xFirst := foldParts(body)
	if last == nil {
		return nil
	}
	c := newCompiler(body, loops)
	c.captures = caps
	if c.bindArgs(body) != nil {
		return nil
	}
	fd := &laneFold{f: floatBinary[last.Name], r: rounder(last.Result(0).Type()), xFirst: xFirst}
	if ft, ok := last.Result(0).Type().(ir.FloatType); ok {
		switch last.Name {
		case "arith.addf":
			fd.sum32, fd.sum64 = ft.Kind == ir.F32, ft.Kind == ir.F64
		case "arith.maxf", "arith.maximumf":
			fd.max32 = ft.Kind == ir.F32
		case "arith.minf", "arith.minimumf":
			fd.min32 = ft.Kind == ir.F32
		}
	}
	lc := &laneCode{p: c.p, fold: fd}
	for o := body.First(); o != last; o = o.Next() {
		if lc.code = c.appendVectorOp(lc.code, o); lc.code == nil {
			return nil
		}
	}
	r, err := c.lookup(last, x)
	if err != nil || !r.float {
		return nil
	}
	c.p.yield = append(c.p.yield, r)
	return lc
}

// foldParts finds a fold body's last step, out' = f(out, x) or f(x, out)
// (xFirst), and its x; last is nil when the body is no such fold (f not
// a float binary op, out read elsewhere, a fused multiply-add whose
// product is not computed on its own).
func foldParts(body *ir.Block) (last *ir.Operation, x *ir.Value, xFirst bool) {
	args := body.Args()
	y := body.Last()
	if len(args) == 0 || y == nil || y.Name != "linalg.yield" || y.NumOperands() != 1 {
		return nil, nil, false
	}
	out, last := args[len(args)-1], y.Operand(0).DefiningOp()
	if last == nil || last.Block() != body || !y.Operand(0).HasOneUse() || !out.HasOneUse() || last.NumOperands() != 2 {
		return nil, nil, false
	}
	_, ok := floatBinary[last.Name]
	xFirst = last.Operand(1) == out
	x = last.Operand(0)
	if !xFirst {
		x = last.Operand(1)
	}
	if !ok || x == out || (!xFirst && last.Operand(0) != out) || !ir.IsFloat(last.Result(0).Type()) {
		return nil, nil, false
	}
	if _, _, _, _, fused := arith.FusedMultiplyAdd(last); fused {
		return nil, nil, false
	}
	return last, x, xFirst
}

// appendVectorOp appends o's lane code to code; nil when o has none.
func (c *compiler) appendVectorOp(code []vinstr, o *ir.Operation) []vinstr {
	v := c.vectorOp(o)
	if v == nil {
		return nil
	}
	return append(code, v)
}

func (vp *vprogram) mergeLoops(k *kernel, keepLoops bool) {
	// The merged loops are at most k's (and at least one): their extents
	// and every operand's coefficients share one array.
	n := max(len(k.ext), 1)
	store := make([]int64, n*(len(k.ops)+1))
	vp.ext = store[:0:n]
	vp.coef = make([][]int64, len(k.ops))
	for o := range vp.coef {
		vp.coef[o] = store[n*(o+1) : n*(o+1) : n*(o+2)]
	}
	for d, e := range k.ext {
		if e == 1 {
			continue
		}
		if keepLoops {
			vp.dims = append(vp.dims, d)
		}
		if p := len(vp.ext) - 1; p >= 0 && !keepLoops {
			merge := true
			for o := range k.ops {
				merge = merge && vp.coef[o][p] == k.ops[o].coef[d]*e
			}
			if merge {
				vp.ext[p] *= e
				for o := range k.ops {
					vp.coef[o][p] = k.ops[o].coef[d]
				}
				continue
			}
		}
		vp.ext = append(vp.ext, e)
		for o := range k.ops {
			vp.coef[o] = append(vp.coef[o], k.ops[o].coef[d])
		}
	}
	if len(vp.ext) == 0 {
		vp.ext = append(vp.ext, 1)
		for o := range k.ops {
			vp.coef[o] = append(vp.coef[o], 0)
		}
		if keepLoops {
			vp.dims = append(vp.dims, -1)
		}
	}
	// Workers take ranges of the outermost loop, or of the innermost
	// lanes when that is the only one.
	vp.split = 0
	vp.group = -1
}

func sameOffsets(a, b *kOperand) bool {
	if a.base != b.base {
		return false
	}
	for d := range a.coef {
		if a.coef[d] != b.coef[d] {
			return false
		}
	}
	return true
}

// vectorOp compiles one body op for lanes; nil when it has no lane form.
// Constants are registers filled once per frame and emit no code.
func (c *compiler) vectorOp(o *ir.Operation) vinstr {
	if o.NumRegions() > 0 || o.NumResults() != 1 {
		return nil
	}
	res := o.Result(0)
	rt := res.Type()
	if o.Name == arith.ConstantOp {
		a := plan.ScalarConstant(res)
		if a == nil {
			return nil
		}
		r, err := c.newReg(rt)
		if err != nil {
			return nil
		}
		setConst(c.p, r, a, rt)
		c.regs[res] = r
		return func(*vframe, int) {}
	}
	if arith.FusedProduct(o) {
		return func(*vframe, int) {} // its fused multiply-add multiplies
	}
	operands, fused := operandsOf(o)
	ins := make([]reg, len(operands))
	for i, v := range operands {
		if ir.IsTensor(v.Type()) {
			if i == 0 && o.Name == "tensor.extract" {
				ins[i] = reg{idx: -1} // the captured source
				continue
			}
			return nil
		}
		r, err := c.lookup(o, v)
		if err != nil {
			return nil
		}
		ins[i] = r
	}
	d, err := c.newReg(rt)
	if err != nil {
		return nil
	}
	c.regs[res] = d
	switch {
	case o.Name == "tensor.extract":
		return c.vectorExtract(o, ins, d)
	case o.Name == arith.CmpF:
		pa, ok := o.Attr("predicate").(ir.IntegerAttr)
		if !ok || pa.Value < 0 || int(pa.Value) >= len(arith.CmpFPredicates) || len(ins) != 2 || !ins[0].float || !ins[1].float || d.float {
			return nil
		}
		return vCmpF(ins[0].idx, ins[1].idx, d.idx, arith.CmpFPredicates[pa.Value], cmpFFunc(pa.Value))
	case o.Name == arith.Select:
		if len(ins) != 3 || ins[0].float || ins[1].float != d.float || ins[2].float != d.float {
			return nil
		}
		return vSelect(ins[0].idx, ins[1].idx, ins[2].idx, d.idx, d.float)
	case o.Name == "linalg.index":
		a, ok := o.Attr("dim").(ir.IntegerAttr)
		if !ok || a.Value < 0 || int(a.Value) >= c.loops || d.float {
			return nil
		}
		return vIndex(int(a.Value), d.idx)
	case fused || o.Name == "math.fma":
		if len(ins) != 3 || !ins[0].float || !ins[1].float || !ins[2].float || !d.float {
			return nil
		}
		return vFMA(ins[0].idx, ins[1].idx, ins[2].idx, d.idx, rounder(rt))
	}
	if !d.float {
		return c.vectorIntOp(o, ins, d)
	}
	if len(ins) == 1 && !ins[0].float {
		return vIntToFloat(o, ins[0], d)
	}
	isF32 := false
	if ft, ok := rt.(ir.FloatType); ok && ft.Kind == ir.F32 {
		isF32 = true
	}
	if f, ok := unaryOp(o.Name, rt); ok && len(ins) == 1 && ins[0].float {
		if o.Name == "arith.extf" {
			// A widening is exact: its register is its operand's (the
			// one it leaves unwritten stays zero).
			c.regs[res] = ins[0]
			return func(*vframe, int) {}
		}
		if o.Name == "arith.truncf" {
			return vRound(ins[0].idx, d.idx, rt)
		}
		if o.Name == "math.exp" && laneKernels {
			return vLanes(expLanes, ins[0].idx, d.idx, isF32, rounder(rt))
		}
		if o.Name == "math.erf" && laneKernels && erfLanesMatch() {
			return vLanes(erfLanes, ins[0].idx, d.idx, isF32, rounder(rt))
		}
		if isF32 {
			return vUn32(ins[0].idx, d.idx, f)
		}
		return vUn(ins[0].idx, d.idx, f, rounder(rt))
	}
	if f, ok := floatBinary[o.Name]; ok && len(ins) == 2 && ins[0].float && ins[1].float {
		a, b := ins[0].idx, ins[1].idx
		if isF32 {
			// The hot cases, inlined: float32(x op y) computed in float64
			// and rounded once, as the interpreter does.
			switch o.Name {
			case "arith.addf":
				return func(fr *vframe, n int) {
					A, B, D := fr.f[a][:n], fr.f[b][:n], fr.f[d.idx][:n]
					j := 0
					if laneKernels && n >= 8 {
						j = laneAdd32(&D[0], &A[0], &B[0], n)
					}
					for ; j < n; j++ {
						D[j] = float64(float32(A[j] + B[j]))
					}
				}
			case "arith.subf":
				return func(fr *vframe, n int) {
					A, B, D := fr.f[a][:n], fr.f[b][:n], fr.f[d.idx][:n]
					j := 0
					if laneKernels && n >= 8 {
						j = laneSub32(&D[0], &A[0], &B[0], n)
					}
					for ; j < n; j++ {
						D[j] = float64(float32(A[j] - B[j]))
					}
				}
			case "arith.mulf":
				return func(fr *vframe, n int) {
					A, B, D := fr.f[a][:n], fr.f[b][:n], fr.f[d.idx][:n]
					j := 0
					if laneKernels && n >= 8 {
						j = laneMul32(&D[0], &A[0], &B[0], n)
					}
					for ; j < n; j++ {
						D[j] = float64(float32(A[j] * B[j]))
					}
				}
			case "arith.divf":
				return func(fr *vframe, n int) {
					A, B, D := fr.f[a][:n], fr.f[b][:n], fr.f[d.idx][:n]
					j := 0
					if laneKernels && n >= 8 {
						j = laneDiv32(&D[0], &A[0], &B[0], n)
					}
					for ; j < n; j++ {
						D[j] = float64(float32(A[j] / B[j]))
					}
				}
			}
		}
		switch o.Name {
		case "arith.maxf", "arith.maximumf", "arith.minf", "arith.minimumf":
			return vMinMax(a, b, d.idx, o.Name == "arith.maxf" || o.Name == "arith.maximumf", rt)
		}
		return vBin(a, b, d.idx, f, rounder(rt))
	}
	return nil
}

// vMinMax is maxf/minf (NaN-propagating, -0 < +0: Go's max and min)
// inline, rounded inline to an f32 result.
func vMinMax(a, b, d int, isMax bool, rt ir.Type) vinstr {
	f := minF
	if isMax {
		f = maxF
	}
	r := rounder(rt)
	if kind, _ := kindOf(rt); kind != kF32 || r == nil {
		return vBin(a, b, d, f, r)
	}
	if isMax {
		return func(fr *vframe, n int) {
			A, B, D := fr.f[a][:n], fr.f[b][:n], fr.f[d][:n]
			j := 0
			if laneKernels && n >= 8 {
				j = laneMax32(&D[0], &A[0], &B[0], n)
			}
			for ; j < n; j++ {
				D[j] = float64(float32(max(A[j], B[j])))
			}
		}
	}
	return func(fr *vframe, n int) {
		A, B, D := fr.f[a][:n], fr.f[b][:n], fr.f[d][:n]
		j := 0
		if laneKernels && n >= 8 {
			j = laneMin32(&D[0], &A[0], &B[0], n)
		}
		for ; j < n; j++ {
			D[j] = float64(float32(min(A[j], B[j])))
		}
	}
}

// vLanes is vUn for a function the lane kernels compute (expLanes,
// erfLanes): a softmax's exps took 5 ns an element through math.Exp one
// at a time, a GELU's erfs 8.
func vLanes(f func(d, s []float64), a, d int, f32 bool, r func(float64) float64) vinstr {
	return func(fr *vframe, n int) {
		A, D := fr.f[a][:n], fr.f[d][:n]
		f(D, A)
		switch {
		case f32: // r is roundF32, inlined
			for j := range D {
				D[j] = float64(float32(D[j]))
			}
		case r != nil:
			for j := range D {
				D[j] = r(D[j])
			}
		}
	}
}

// expLanes sets d[j] = math.Exp(s[j]) (d and s distinct registers): the
// lane kernel's blocks of 8, the blocks it stops at and the tail in Go.
func expLanes(d, s []float64) { laneBlocks(d, s, laneExp, math.Exp) }

// laneBlocks sets d[j] = f(s[j]) by the lane kernel where it goes (it
// returns how many it did, stopping at a block it leaves to Go) and by f
// for the blocks it stops at and the tail.
func laneBlocks(d, s []float64, kernel func(d, s *float64, n int) int, f func(float64) float64) {
	for j := 0; j < len(s); {
		if len(s)-j >= 8 {
			j += kernel(&d[j], &s[j], len(s)-j)
		}
		for end := min(len(s), j+8); j < end; j++ {
			d[j] = f(s[j])
		}
	}
}

// erfLanes sets d[j] = math.Erf(s[j]) (d and s distinct registers), as
// expLanes does math.Exp.
func erfLanes(d, s []float64) { laneBlocks(d, s, laneErf, math.Erf) }

// erfLanesMatch reports whether laneErf gives this build's math.Erf bits
// on a probe of every region of erf.go. math.Erf is Go code, which a
// build may compile with fused multiply-adds (GOAMD64=v3 lets the
// compiler fuse x*y + z): laneErf computes the unfused operations, and
// where the build's differ the lanes leave erf to math.Erf.
var erfLanesMatch = sync.OnceValue(func() bool {
	const n = 4096
	src, got := make([]float64, n), make([]float64, n)
	for j := range src {
		// Every region, both signs, spread over [-7, 7).
		src[j] = float64(j-n/2)*(7.0/(n/2)) + 0x1p-20
	}
	if laneErf(&got[0], &src[0], n) != n {
		return false
	}
	for j := range src {
		if math.Float64bits(got[j]) != math.Float64bits(math.Erf(src[j])) {
			return false
		}
	}
	return true
})

// vUn32 is vUn with the f32 rounding (roundF32) inlined.
func vUn32(a, d int, f func(float64) float64) vinstr {
	return func(fr *vframe, n int) {
		A, D := fr.f[a][:n], fr.f[d][:n]
		for j := range D {
			D[j] = float64(float32(f(A[j])))
		}
	}
}

func vUn(a, d int, f, r func(float64) float64) vinstr {
	if r == nil {
		return func(fr *vframe, n int) {
			A, D := fr.f[a][:n], fr.f[d][:n]
			for j := range D {
				D[j] = f(A[j])
			}
		}
	}
	return func(fr *vframe, n int) {
		A, D := fr.f[a][:n], fr.f[d][:n]
		for j := range D {
			D[j] = r(f(A[j]))
		}
	}
}

// vRound is a float cast: the value rounded to the result type rt: to
// f32 inline, to bf16 or f16 8 lanes at a time where the CPU has the lane
// kernels; a call per element through rounder was most of a bf16
// elementwise body's time.
func vRound(a, d int, rt ir.Type) vinstr {
	r := rounder(rt)
	kind, _ := kindOf(rt)
	switch {
	case r == nil:
		return func(fr *vframe, n int) { copy(fr.f[d][:n], fr.f[a][:n]) }
	case kind == kF32:
		return func(fr *vframe, n int) {
			A, D := fr.f[a][:n], fr.f[d][:n]
			for j := range D {
				D[j] = float64(float32(A[j]))
			}
		}
	case (kind == kBF16 || kind == kF16) && laneKernels:
		k := laneRoundBF16
		if kind == kF16 {
			k = laneRoundF16
		}
		return func(fr *vframe, n int) {
			A, D := fr.f[a][:n], fr.f[d][:n]
			for j := 0; j < n; j++ {
				// 8 at a time up to a block with a lane that is not a
				// float32 value; that lane, and the tail, through r.
				if n-j >= 8 {
					if j += k(&D[j], &A[j], n-j); j == n {
						break
					}
				}
				D[j] = r(A[j])
			}
		}
	}
	return func(fr *vframe, n int) {
		A, D := fr.f[a][:n], fr.f[d][:n]
		for j := range D {
			D[j] = r(A[j])
		}
	}
}

func vBin(a, b, d int, f func(x, y float64) float64, r func(float64) float64) vinstr {
	if r == nil {
		return func(fr *vframe, n int) {
			A, B, D := fr.f[a][:n], fr.f[b][:n], fr.f[d][:n]
			for j := range D {
				D[j] = f(A[j], B[j])
			}
		}
	}
	return func(fr *vframe, n int) {
		A, B, D := fr.f[a][:n], fr.f[b][:n], fr.f[d][:n]
		for j := range D {
			D[j] = r(f(A[j], B[j]))
		}
	}
}

func vCmpF(a, b, d int, pred string, f func(x, y float64) bool) vinstr {
	if k := laneCmp[pred]; k != nil && laneKernels {
		// 8 lanes a VCMPPD; the tail as the interpreter.
		return func(fr *vframe, n int) {
			A, B, D := fr.f[a][:n], fr.f[b][:n], fr.i[d][:n]
			j := 0
			if n >= 8 {
				j = k(&D[0], &A[0], &B[0], n)
			}
			for ; j < n; j++ {
				D[j] = b2i(f(A[j], B[j]))
			}
		}
	}
	// ReLU's comparisons, inlined (the rest call f per lane).
	switch pred {
	case "ugt":
		return func(fr *vframe, n int) {
			A, B, D := fr.f[a][:n], fr.f[b][:n], fr.i[d][:n]
			for j := range D {
				D[j] = b2i(!(A[j] <= B[j]))
			}
		}
	case "ogt":
		return func(fr *vframe, n int) {
			A, B, D := fr.f[a][:n], fr.f[b][:n], fr.i[d][:n]
			for j := range D {
				D[j] = b2i(A[j] > B[j])
			}
		}
	case "ult":
		return func(fr *vframe, n int) {
			A, B, D := fr.f[a][:n], fr.f[b][:n], fr.i[d][:n]
			for j := range D {
				D[j] = b2i(!(A[j] >= B[j]))
			}
		}
	case "olt":
		return func(fr *vframe, n int) {
			A, B, D := fr.f[a][:n], fr.f[b][:n], fr.i[d][:n]
			for j := range D {
				D[j] = b2i(A[j] < B[j])
			}
		}
	}
	return func(fr *vframe, n int) {
		A, B, D := fr.f[a][:n], fr.f[b][:n], fr.i[d][:n]
		for j := range D {
			D[j] = b2i(f(A[j], B[j]))
		}
	}
}

func vSelect(cond, a, b, d int, float bool) vinstr {
	if float {
		return func(fr *vframe, n int) {
			C, A, B, D := fr.i[cond][:n], fr.f[a][:n], fr.f[b][:n], fr.f[d][:n]
			j := 0
			if laneKernels && n >= 8 {
				j = laneSelect(&D[0], &A[0], &B[0], &C[0], n)
			}
			for ; j < n; j++ {
				if C[j] != 0 {
					D[j] = A[j]
				} else {
					D[j] = B[j]
				}
			}
		}
	}
	return func(fr *vframe, n int) {
		C, A, B, D := fr.i[cond][:n], fr.i[a][:n], fr.i[b][:n], fr.i[d][:n]
		for j := range D {
			if C[j] != 0 {
				D[j] = A[j]
			} else {
				D[j] = B[j]
			}
		}
	}
}

// newVFrame makes lane registers for blocks of the innermost loop.
func (k *kernel) newVFrame() *vframe {
	return k.newLaneFrame(min(vecLanes, max(k.vec.rows, 1)*k.vec.ext[len(k.vec.ext)-1]))
}

// newLaneFrame makes lane registers for blocks of up to lanes elements,
// constants filled in (every other register zero).
func (k *kernel) newLaneFrame(lanes int64) *vframe {
	vp, l := k.vec, int(lanes)
	fr := &vframe{f: make([][]float64, len(vp.p.initF)), i: make([][]int64, len(vp.p.initI)), q: make([]int64, len(k.ops)), st: make([]int64, len(k.ops)), rst: make([]int64, len(k.ops))}
	if vp.dims != nil {
		fr.at = make([]int64, len(vp.ext))
		fr.dimPos = make([]int, len(k.ext))
		for d := range fr.dimPos {
			fr.dimPos[d] = -1
		}
		for p, d := range vp.dims {
			if d >= 0 {
				fr.dimPos[d] = p
			}
		}
	}
	fr.held, fr.heldN = make([]int64, len(k.ops)), make([]int64, len(k.ops))
	for o := range k.nIn {
		for j := k.nIn; j < len(k.ops); j++ {
			if overlaps(k.ops[o].mem, k.ops[j].mem) {
				fr.held[o] = -1
			}
		}
	}
	fr.fslab = takeSlab(k.store, &k.store.floats, len(vp.p.initF)*l)
	for r, v := range vp.p.initF {
		fr.f[r] = fillLanes(fr.fslab[r*l:(r+1)*l:(r+1)*l], v)
	}
	fr.islab = takeSlab(k.store, &k.store.ints, len(vp.p.initI)*l)
	for r, v := range vp.p.initI {
		fr.i[r] = fillLanes(fr.islab[r*l:(r+1)*l:(r+1)*l], v)
	}
	if vp.f32 != nil {
		fr.f32 = k.newFrame32(l)
	}
	switch {
	case vp.group >= 0 && vp.f32 != nil:
		fr.xsl32 = takeSlab(k.store, &k.store.f32s, foldGroup*l)
		for g := range fr.xs32 {
			fr.xs32[g] = fr.xsl32[g*l : (g+1)*l : (g+1)*l]
		}
	case vp.group >= 0:
		fr.xsl = takeSlab(k.store, &k.store.floats, foldGroup*l)
		for g := range fr.xs {
			fr.xs[g] = fr.xsl[g*l : (g+1)*l : (g+1)*l]
		}
	}
	return fr
}

// fillLanes sets every lane of s to v, in doubling copies (copy's vector
// moves), and returns s. Not clear for a zero: -0.0 is a zero too, and
// its sign must stay.
func fillLanes[T float32 | float64 | int64](s []T, v T) []T {
	if len(s) == 0 {
		return s
	}
	s[0] = v
	for k := 1; k < len(s); k *= 2 {
		copy(s[k:], s[:k])
	}
	return s
}

// laneStore keeps the lane registers of a run's finished steps for its
// later ones: a frame is a few KB of registers, a training step has
// dozens of lane programs, and garbage is what makes a first run slow.
// A frame refills every register it takes (newLaneFrame), so stale
// values are never read. A nil *laneStore keeps nothing.
type laneStore struct {
	mu     sync.Mutex
	floats [][]float64
	ints   [][]int64
	f32s   [][]float32
	i32s   [][]int32
}

// maxKeptSlabs bounds what a laneStore keeps of each kind.
const maxKeptSlabs = 8

// takeSlab returns a kept slab of at least n elements from free, or a
// new one.
func takeSlab[T float64 | int64 | float32 | int32](s *laneStore, free *[][]T, n int) []T {
	if s != nil {
		s.mu.Lock()
		for i, b := range *free {
			if cap(b) >= n {
				*free = append((*free)[:i], (*free)[i+1:]...)
				s.mu.Unlock()
				return b[:n]
			}
		}
		s.mu.Unlock()
	}
	return make([]T, n)
}

// put keeps fr's registers for a later frame; fr must not be used
// afterwards.
func (s *laneStore) put(fr *vframe) {
	if s == nil {
		return
	}
	s.mu.Lock()
	for _, slab := range [][]float64{fr.fslab, fr.xsl} {
		if len(s.floats) < maxKeptSlabs && cap(slab) > 0 {
			s.floats = append(s.floats, slab)
		}
	}
	if len(s.ints) < maxKeptSlabs && cap(fr.islab) > 0 {
		s.ints = append(s.ints, fr.islab)
	}
	if f := fr.f32; f != nil {
		for _, slab := range [][]float32{f.fslab, fr.xsl32} {
			if len(s.f32s) < maxKeptSlabs && cap(slab) > 0 {
				s.f32s = append(s.f32s, slab)
			}
		}
		if len(s.i32s) < maxKeptSlabs && cap(f.mslab) > 0 {
			s.i32s = append(s.i32s, f.mslab)
		}
	}
	s.mu.Unlock()
}

// vchunk is chunk for the lane program: the merged loop 0 limited to
// [lo, hi) (all of it when hi < 0).
func (k *kernel) vchunk(lo, hi int64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(k.op, "cpu: %v", r)
		}
	}()
	fr := k.newVFrame()
	k.vloop(fr, 0, k.loopOffsets(len(k.vec.ext)), lo, hi)
	k.store.put(fr)
	return nil
}

func (k *kernel) vloop(fr *vframe, d int, offs [][]int64, lo, hi int64) {
	vp := k.vec
	start, end := int64(0), vp.ext[d]
	if d == vp.split && hi >= 0 {
		start, end = lo, hi
	}
	cur := offs[d]
	if vp.rows > 1 && d == len(vp.ext)-2 {
		k.vrows(fr, cur, start, end)
		return
	}
	if d == len(vp.ext)-1 {
		for i := start; i < end; i += vecLanes {
			fr.i0 = i
			k.vblock(fr, cur, i, min(vecLanes, end-i))
		}
		return
	}
	next := offs[d+1]
	for o := range k.ops {
		next[o] = cur[o] + start*vp.coef[o][d]
	}
	step := int64(1)
	if d == vp.group {
		step = foldGroup
	}
	for i := start; i < end; i += step {
		if fr.at != nil {
			fr.at[d] = i
		}
		if d == vp.group {
			fr.gn = int(min(step, end-i))
		}
		k.vloop(fr, d+1, offs, lo, hi)
		for o := range k.ops {
			next[o] += step * vp.coef[o][d]
		}
	}
}

// vrows runs iterations start..end-1 of the loop outside the innermost
// one, vp.rows of them (with all of the innermost loop) a block.
func (k *kernel) vrows(fr *vframe, off []int64, start, end int64) {
	vp := k.vec
	last := len(vp.ext) - 1
	fr.ncols = vp.ext[last]
	for i := start; i < end; i += vp.rows {
		fr.nrows = min(vp.rows, end-i)
		for o := range k.ops {
			fr.q[o], fr.st[o], fr.rst[o] = off[o]+i*vp.coef[o][last-1], vp.coef[o][last], vp.coef[o][last-1]
		}
		k.runLanes(fr, fr.nrows*fr.ncols)
	}
	fr.nrows = 0
}

// vblock runs lanes i0 .. i0+n-1 of the innermost loop at offsets off;
// for a grouped fold, of each member of the current group in turn, then
// folds their blocks together.
func (k *kernel) vblock(fr *vframe, off []int64, i0, n int64) {
	vp := k.vec
	last := len(vp.ext) - 1
	if vp.group < 0 {
		for o := range k.ops {
			c := vp.coef[o][last]
			fr.q[o], fr.st[o] = off[o]+i0*c, c
		}
		k.runLanes(fr, n)
		return
	}
	for g := range fr.gn {
		for o := range k.ops {
			c := vp.coef[o][last]
			fr.q[o], fr.st[o] = off[o]+i0*c+int64(g)*vp.coef[o][vp.group], c
		}
		// The next member's code overwrites the registers.
		if vp.f32 != nil {
			k.computeLanes32(fr, n)
			copy(fr.xs32[g][:n], fr.f32.g[vp.f32.yield[0]][:n])
		} else {
			k.computeLanes(fr, n)
			copy(fr.xs[g][:n], fr.f[vp.p.yield[0].idx][:n])
		}
		fr.gq[g] = fr.q[k.nIn]
	}
	k.foldLanesGroup(fr, n)
}

// runLanes runs n lanes whose operand o starts at element fr.q[o] and
// steps by fr.st[o].
func (k *kernel) runLanes(fr *vframe, n int64) {
	if k.vec.f32 != nil {
		k.runLanes32(fr, n)
		return
	}
	k.computeLanes(fr, n)
	if k.vec.fold != nil {
		k.foldLanes(fr.f[k.vec.p.yield[0].idx][:n], fr.q[k.nIn])
		return
	}
	k.storeYields(fr, n)
}

// computeLanes loads the operands of n lanes (as runLanes) and runs the
// body's code on them.
func (k *kernel) computeLanes(fr *vframe, n int64) {
	vp := k.vec
	for o := range k.ops {
		op := &k.ops[o]
		if op.reg.idx < 0 {
			continue
		}
		c := fr.st[o]
		rows, cols, rs := fr.rowsOf(o, n)
		if rows == 1 && c == 0 && op.reg.float && fr.holdsBroadcast(o, fr.q[o], n) {
			continue
		}
		if rows > 1 || c != 0 || !op.reg.float {
			fr.forget(o)
		}
		for r := range rows {
			q, lo := fr.q[o]+r*rs, r*cols
			if op.reg.float {
				loadLanes(op, fr.f[op.reg.idx][lo:lo+cols], q, c)
				continue
			}
			dst := fr.i[op.reg.idx][lo : lo+cols]
			if op.acc.kind == kI64 {
				// max pooling's indices: one conversion of the memory,
				// not one a lane.
				s := typed[int64](op.mem)
				for j := range dst {
					dst[j] = s[q]
					q += c
				}
				continue
			}
			for j := range dst {
				dst[j] = op.acc.loadI(q)
				q += c
			}
		}
	}
	for _, c := range vp.code {
		c(fr, int(n))
	}
}

// storeYields stores the yielded lanes (runLanes).
func (k *kernel) storeYields(fr *vframe, n int64) {
	vp := k.vec
	for j, y := range vp.p.yield {
		op := &k.ops[k.nIn+j]
		c := fr.st[k.nIn+j]
		rows, cols, rs := fr.rowsOf(k.nIn+j, n)
		for r := range rows {
			q, lo := fr.q[k.nIn+j]+r*rs, r*cols
			if y.float {
				storeLanes(op, fr.f[y.idx][lo:lo+cols], q, c)
				continue
			}
			if op.acc.kind == kI64 {
				d := typed[int64](op.mem)
				for _, v := range fr.i[y.idx][lo : lo+cols] {
					d[q] = v
					q += c
				}
				continue
			}
			for _, v := range fr.i[y.idx][lo : lo+cols] {
				op.acc.storeI(q, v)
				q += c
			}
		}
	}
}

// foldLanes folds xs, in order, into the output element at offset q.
// The element stays in a register between lanes: each fold rounds it to
// the output's type, so storing and reloading it would not change it.
func (k *kernel) foldLanes(xs []float64, q int64) { foldInto(k, xs, q) }

// laneFloat is a lane register's element: float64 lanes (vector.go) or
// float32 ones (lanes32.go), whose folds are the same.
type laneFloat interface{ float32 | float64 }

// foldInto is foldLanes for either kind of lanes.
func foldInto[T laneFloat](k *kernel, xs []T, q int64) {
	fd, out := k.vec.fold, &k.ops[k.nIn]
	acc := out.acc.loadF(q)
	switch {
	case fd.sum32:
		if s := foldSum32(float32(acc), xs); s == s {
			acc = float64(s)
		} else {
			acc = foldAny(fd, acc, xs) // foldSum32's NaN
		}
	case fd.sum64:
		acc = foldSum64(acc, xs)
	case fd.max32 || fd.min32:
		acc = foldMinMax32(fd, acc, xs)
	default:
		acc = foldAny(fd, acc, xs)
	}
	out.acc.storeF(q, acc)
}

// foldMinMax32 is foldAny for an f32 maxf or minf (fd.max32, fd.min32):
// one chain of max (or min) and rounding an element ran at their
// latency, 7 ns (a softmax's row maximum over 4096x768: 30-45 ms). The
// max of a set is the same in any order (Go's max and min, which maxF and
// minF are, order -0 < +0 and take any NaN), and rounding to f32 changes
// none of these f32 values, so four chains run interleaved and are
// combined once; only which NaN comes out may depend on the order, so a
// NaN result is folded again in order (foldAny), as foldSum32's is.
func foldMinMax32[T laneFloat](fd *laneFold, acc float64, xs []T) float64 {
	a0, a1, a2, a3 := acc, acc, acc, acc
	j := 0
	if fd.max32 {
		for ; j+4 <= len(xs); j += 4 {
			a0 = max(a0, float64(xs[j]))
			a1 = max(a1, float64(xs[j+1]))
			a2 = max(a2, float64(xs[j+2]))
			a3 = max(a3, float64(xs[j+3]))
		}
		for ; j < len(xs); j++ {
			a0 = max(a0, float64(xs[j]))
		}
		a0 = max(max(a0, a1), max(a2, a3))
	} else {
		for ; j+4 <= len(xs); j += 4 {
			a0 = min(a0, float64(xs[j]))
			a1 = min(a1, float64(xs[j+1]))
			a2 = min(a2, float64(xs[j+2]))
			a3 = min(a3, float64(xs[j+3]))
		}
		for ; j < len(xs); j++ {
			a0 = min(a0, float64(xs[j]))
		}
		a0 = min(min(a0, a1), min(a2, a3))
	}
	if a0 != a0 {
		return foldAny(fd, acc, xs)
	}
	return float64(float32(a0))
}

// foldAny folds xs into acc with fd's function and rounding.
func foldAny[T laneFloat](fd *laneFold, acc float64, xs []T) float64 {
	for _, x := range xs {
		if fd.xFirst {
			acc = round(fd.r, fd.f(float64(x), acc))
		} else {
			acc = round(fd.r, fd.f(acc, float64(x)))
		}
	}
	return acc
}

// foldSum32 is foldAny for an f32 addf: acc and every x are float32
// values (x the result of f32 ops, each rounded to f32), and a float32
// add rounds their exact sum once, as rounding their float64 sum to
// float32 does (float64 holds more than twice float32's precision plus
// two bits, so the double rounding is innocuous), so the chain of
// dependent adds is float32 adds, a third of the float64 add-and-round's
// latency. Only a NaN's payload may differ: x86 keeps the first
// operand's, and Go may order a float32 add's operands either way. A
// NaN, once there, stays, so a sum that ends in one is folded again by
// foldAny (TestFoldSums compares payloads).
func foldSum32[T laneFloat](acc float32, xs []T) float32 {
	for _, x := range xs {
		acc += float32(x)
	}
	return acc
}

// foldSum64 is foldAny for an f64 addf (no rounding).
func foldSum64[T laneFloat](acc float64, xs []T) float64 {
	for _, x := range xs {
		acc += float64(x)
	}
	return acc
}

// foldLanesGroup folds each member g of the current group's block of x,
// fr.xs[g][:n] (fr.xs32 in float32 lanes), in order into its output
// element at fr.gq[g].
func (k *kernel) foldLanesGroup(fr *vframe, n int64) {
	if k.vec.f32 != nil {
		foldGroupOf(k, &fr.xs32, &fr.gq, fr.gn, n)
		return
	}
	foldGroupOf(k, &fr.xs, &fr.gq, fr.gn, n)
}

// foldGroupOf is foldLanesGroup for either kind of lanes. A full group of
// f32 sums runs its eight chains interleaved (foldSum32x8); the order
// within each chain is foldLanes'.
func foldGroupOf[T laneFloat](k *kernel, xs *[foldGroup][]T, gq *[foldGroup]int64, gn int, n int64) {
	fd, out := k.vec.fold, &k.ops[k.nIn]
	if fd.sum32 && gn == foldGroup {
		var acc, init [foldGroup]float32
		for g := range acc {
			acc[g] = float32(out.acc.loadF(gq[g]))
		}
		init = acc
		foldSum32x8(&acc, xs, int(n))
		groupedFolds.Add(1)
		for g, a := range acc {
			v := float64(a)
			if a != a {
				v = foldAny(fd, float64(init[g]), xs[g][:n]) // as foldLanes
			}
			out.acc.storeF(gq[g], v)
		}
		return
	}
	for g := range gn {
		foldInto(k, xs[g][:n], gq[g])
	}
}

// groupedFolds counts foldSum32x8's groups (tests).
var groupedFolds atomic.Int64

// foldSum32x8 is foldSum32 on eight chains at once: acc[g] folds
// xs[g][:n].
func foldSum32x8[T laneFloat](acc *[foldGroup]float32, xs *[foldGroup][]T, n int) {
	a0, a1, a2, a3, a4, a5, a6, a7 := acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7]
	x0, x1, x2, x3, x4, x5, x6, x7 := xs[0][:n], xs[1][:n], xs[2][:n], xs[3][:n], xs[4][:n], xs[5][:n], xs[6][:n], xs[7][:n]
	for j := range x0 {
		a0 += float32(x0[j])
		a1 += float32(x1[j])
		a2 += float32(x2[j])
		a3 += float32(x3[j])
		a4 += float32(x4[j])
		a5 += float32(x5[j])
		a6 += float32(x6[j])
		a7 += float32(x7[j])
	}
	acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7] = a0, a1, a2, a3, a4, a5, a6, a7
}

// laneKernels switches the AVX-512 lane kernels (lanes_amd64.s), where
// the CPU has them; tests turn them off to compare.
var laneKernels = haveAVX512

// holdsBroadcast reports whether operand o's register still holds, in
// its first n lanes, the broadcast of element q that an earlier block
// filled it with (an NCHW batch norm's per-channel values are the same
// for the dozen blocks of a channel's plane, and refilling them was a
// tenth of a training step); when not, it notes that the caller fills
// them now. Registers that hold operands are never written by a body's
// code (every value has a register of its own), so only another load
// into the register forgets the fill (forget).
func (fr *vframe) holdsBroadcast(o int, q, n int64) bool {
	switch {
	case fr.held[o] < 0:
		return false
	case fr.held[o] == q+1 && fr.heldN[o] >= n:
		return true
	}
	fr.held[o], fr.heldN[o] = q+1, n
	return false
}

// forget notes that operand o's register is loaded other than with a
// broadcast.
func (fr *vframe) forget(o int) {
	if fr.held[o] > 0 {
		fr.held[o] = 0
	}
}

func loadLanes(op *kOperand, dst []float64, q, c int64) {
	if c == 0 && len(dst) > 0 {
		// A broadcast along the block (a bias's or a batch norm's
		// per-channel value in NCHW): one load, copied (fillLanes; an
		// element-by-element loop was most of a variance's time).
		loadLanes(op, dst[:1], q, 1)
		fillLanes(dst, dst[0])
		return
	}
	if laneKernels && c == 1 && len(dst) >= 8 {
		// Contiguous f32 and 16-bit lanes: 8 at a time, the rest below.
		var done int
		switch op.acc.kind {
		case kF32:
			done = laneLoadF32(&dst[0], &typed[float32](op.mem)[q : q+int64(len(dst))][0], len(dst))
		case kBF16:
			done = laneLoadBF16(&dst[0], &typed[uint16](op.mem)[q : q+int64(len(dst))][0], len(dst))
		case kF16:
			done = laneLoadF16(&dst[0], &typed[uint16](op.mem)[q : q+int64(len(dst))][0], len(dst))
		}
		dst, q = dst[done:], q+int64(done)
	}
	switch op.acc.kind {
	case kF32:
		s := typed[float32](op.mem)
		for j := range dst {
			dst[j] = float64(s[q])
			q += c
		}
	case kBF16:
		s := typed[uint16](op.mem)
		for j := range dst {
			dst[j] = float64(math.Float32frombits(uint32(s[q]) << 16))
			q += c
		}
	case kF16:
		s := typed[uint16](op.mem)
		for j := range dst {
			dst[j] = float64(runtime.F16ToFloat32(s[q]))
			q += c
		}
	case kF64:
		s := typed[float64](op.mem)
		for j := range dst {
			dst[j] = s[q]
			q += c
		}
	default:
		for j := range dst {
			dst[j] = op.acc.loadF(q)
			q += c
		}
	}
}

func storeLanes(op *kOperand, src []float64, q, c int64) {
	if laneKernels && c == 1 && len(src) >= 8 {
		// Contiguous f32 and 16-bit lanes: 8 at a time (16-bit ones until
		// a block with a lane that is not a float32 value), the rest below.
		var done int
		switch op.acc.kind {
		case kF32:
			done = laneStoreF32(&typed[float32](op.mem)[q : q+int64(len(src))][0], &src[0], len(src))
		case kBF16:
			done = laneStoreBF16(&typed[uint16](op.mem)[q : q+int64(len(src))][0], &src[0], len(src))
		case kF16:
			done = laneStoreF16(&typed[uint16](op.mem)[q : q+int64(len(src))][0], &src[0], len(src))
		}
		src, q = src[done:], q+int64(done)
	}
	switch op.acc.kind {
	case kF32:
		s := typed[float32](op.mem)
		for _, v := range src {
			s[q] = float32(v)
			q += c
		}
	case kBF16:
		s := typed[uint16](op.mem)
		for _, v := range src {
			s[q] = runtime.BF16FromFloat64(v)
			q += c
		}
	case kF64:
		s := typed[float64](op.mem)
		for _, v := range src {
			s[q] = v
			q += c
		}
	default:
		for _, v := range src {
			op.acc.storeF(q, v)
			q += c
		}
	}
}

// vectorIntOp compiles an op with an integer result for lanes, with the
// interpreter's semantics: registers hold values sign-extended from their
// width (compile.go). nil when o has no lane form.
func (c *compiler) vectorIntOp(o *ir.Operation, ins []reg, d reg) vinstr {
	rt := o.Result(0).Type()
	w, rd := intWidth(rt), d.idx
	if len(ins) == 2 && !ins[0].float && !ins[1].float {
		if v := fastIntBinary(o.Name, ins[0].idx, ins[1].idx, rd, w); v != nil {
			return v
		}
	}
	if f, ok := intBinary[o.Name]; ok && len(ins) == 2 && !ins[0].float && !ins[1].float {
		a, b := ins[0].idx, ins[1].idx
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = sext(f(A[j], B[j], w), w)
			}
		}
	}
	if len(ins) != 1 && o.Name != arith.CmpI {
		return nil
	}
	switch o.Name {
	case arith.CmpI:
		pa, ok := o.Attr("predicate").(ir.IntegerAttr)
		if !ok || pa.Value < 0 || int(pa.Value) >= len(arith.CmpIPredicates) || len(ins) != 2 || ins[0].float || ins[1].float {
			return nil
		}
		if v := fastCmpI(arith.CmpIPredicates[pa.Value], ins[0].idx, ins[1].idx, rd); v != nil {
			return v
		}
		f, a, b := cmpIFunc(arith.CmpIPredicates[pa.Value], intWidth(o.Operand(0).Type())), ins[0].idx, ins[1].idx
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = b2i(f(A[j], B[j]))
			}
		}
	case "math.absi":
		if ins[0].float {
			return nil
		}
		return vIntUn(ins[0].idx, rd, func(v int64) int64 {
			if v < 0 {
				v = -v
			}
			return sext(v, w)
		})
	case arith.ExtSI, arith.IndexCast, arith.TruncI:
		if ins[0].float {
			return nil
		}
		return vIntUn(ins[0].idx, rd, func(v int64) int64 { return sext(v, w) })
	case arith.ExtUI, arith.IndexCastUI:
		if ins[0].float {
			return nil
		}
		sw := intWidth(o.Operand(0).Type())
		return vIntUn(ins[0].idx, rd, func(v int64) int64 { return sext(int64(zext(v, sw)), w) })
	case arith.FPToSI, arith.FPToUI:
		if !ins[0].float {
			return nil
		}
		a, toInt := ins[0].idx, func(x float64) int64 { return sext(fpToInt(x), w) }
		if o.Name == arith.FPToSI && w == 64 {
			// max pooling's indices: no call a lane.
			return func(fr *vframe, n int) {
				A, D := fr.f[a][:n], fr.i[rd][:n]
				for j := range D {
					D[j] = fpToInt(A[j])
				}
			}
		}
		if o.Name == arith.FPToUI {
			toInt = func(x float64) int64 { return sext(int64(fpToUint(x)), w) }
		}
		return func(fr *vframe, n int) {
			A, D := fr.f[a][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = toInt(A[j])
			}
		}
	}
	return nil
}

// vIntToFloat compiles sitofp and uitofp for lanes; nil for another op.
func vIntToFloat(o *ir.Operation, in, d reg) vinstr {
	rnd, sw := rounder(o.Result(0).Type()), intWidth(o.Operand(0).Type())
	var f func(v int64) float64
	switch o.Name {
	case arith.SIToFP:
		f = func(v int64) float64 { return round(rnd, float64(v)) }
	case arith.UIToFP:
		f = func(v int64) float64 { return round(rnd, float64(zext(v, sw))) }
	default:
		return nil
	}
	a, rd := in.idx, d.idx
	if o.Name == arith.SIToFP && sw == 64 && (rnd == nil || ir.TypeEqual(o.Result(0).Type(), ir.F32T)) {
		// The common casts written out (no call a lane): i64 to f64, and
		// to f32 through f64, as the interpreter rounds.
		f32 := rnd != nil
		return func(fr *vframe, n int) {
			A, D := fr.i[a][:n], fr.f[rd][:n]
			if f32 {
				for j := range D {
					D[j] = float64(float32(float64(A[j])))
				}
				return
			}
			for j := range D {
				D[j] = float64(A[j])
			}
		}
	}
	return func(fr *vframe, n int) {
		A, D := fr.i[a][:n], fr.f[rd][:n]
		for j := range D {
			D[j] = f(A[j])
		}
	}
}

func vIntUn(a, d int, f func(int64) int64) vinstr {
	return func(fr *vframe, n int) {
		A, D := fr.i[a][:n], fr.i[d][:n]
		for j := range D {
			D[j] = f(A[j])
		}
	}
}

// vIndex is linalg.index dim: the lane's iteration of the innermost loop,
// or the current iteration of an outer one (0 for a unit loop).
func vIndex(dim, d int) vinstr {
	return func(fr *vframe, n int) {
		D := fr.i[d][:n]
		if fr.dimPos == nil {
			panic("linalg.index in a lane program whose loops were merged")
		}
		p := fr.dimPos[dim]
		switch {
		case p < 0:
			clear(D)
		case p == len(fr.at)-1:
			for j := range D {
				D[j] = fr.i0 + int64(j)
			}
		default:
			v := fr.at[p]
			for j := range D {
				D[j] = v
			}
		}
	}
}

func vFMA(a, b, cc, d int, r func(float64) float64) vinstr {
	return func(fr *vframe, n int) {
		A, B, C, D := fr.f[a][:n], fr.f[b][:n], fr.f[cc][:n], fr.f[d][:n]
		for j := range D {
			D[j] = fusedMulAdd(A[j], B[j], C[j], r)
		}
	}
}

// vectorExtract is tensor.extract from a captured tensor (a gather: an
// embedding's rows, upsampling's taps) for lanes: each lane's element
// offset from its indices, bounds-checked as the interpreter checks them
// (an index out of range stops the run with the same error).
func (c *compiler) vectorExtract(o *ir.Operation, ins []reg, d reg) vinstr {
	capt := c.captures[o.Operand(0)]
	if capt == nil || len(ins)-1 != len(capt.view.Shape) || d.float != capt.acc.kind.isFloat() {
		return nil
	}
	idx := make([]int, len(ins)-1)
	for k := range idx {
		if ins[k+1].float {
			return nil
		}
		idx[k] = ins[k+1].idx
	}
	shape, strides, base, acc, rd := capt.view.Shape, capt.view.Strides, capt.view.Offset, capt.acc, d.idx
	return func(fr *vframe, n int) {
		for j := 0; j < n; j++ {
			off := base
			for k, r := range idx {
				i := fr.i[r][j]
				if i < 0 || i >= shape[k] {
					panic(fmt.Errorf("tensor.extract index %d out of range [0, %d) in dimension %d", i, shape[k], k))
				}
				off += i * strides[k]
			}
			if d.float {
				fr.f[rd][j] = acc.loadF(off)
			} else {
				fr.i[rd][j] = acc.loadI(off)
			}
		}
	}
}

// fastIntBinary is the lane loop of the integer ops of index arithmetic
// and masks (a max pooling's flat index, its window tests), written out
// so that no function is called per element: the registers hold values
// sign-extended from width w, so add, sub and mul re-extend a narrow
// result, and the bitwise ops, max and min of extended values are
// extended already. nil for any other op.
func fastIntBinary(name string, a, b, rd, w int) vinstr {
	wrap := w < 64
	s := uint(64 - w)
	switch name {
	case arith.AddI:
		if wrap {
			return func(fr *vframe, n int) {
				A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
				for j := range D {
					D[j] = (A[j] + B[j]) << s >> s
				}
			}
		}
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = A[j] + B[j]
			}
		}
	case arith.SubI:
		if wrap {
			return func(fr *vframe, n int) {
				A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
				for j := range D {
					D[j] = (A[j] - B[j]) << s >> s
				}
			}
		}
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = A[j] - B[j]
			}
		}
	case arith.MulI:
		if wrap {
			return func(fr *vframe, n int) {
				A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
				for j := range D {
					D[j] = (A[j] * B[j]) << s >> s
				}
			}
		}
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = A[j] * B[j]
			}
		}
	case arith.AndI:
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = A[j] & B[j]
			}
		}
	case arith.OrI:
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = A[j] | B[j]
			}
		}
	case arith.XOrI:
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = A[j] ^ B[j]
			}
		}
	case arith.DivSI, arith.RemSI:
		// As intBinary: a zero divisor gives 0 (MLIR leaves it undefined).
		// Only at 64 bits, where MinInt64 / -1 wraps as the narrower
		// widths' re-extension would.
		if wrap {
			return nil
		}
		rem := name == arith.RemSI
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				switch {
				case B[j] == 0:
					D[j] = 0
				case rem:
					D[j] = A[j] % B[j]
				default:
					D[j] = A[j] / B[j]
				}
			}
		}
	case arith.MaxSI:
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = max(A[j], B[j])
			}
		}
	case arith.MinSI:
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = min(A[j], B[j])
			}
		}
	}
	return nil
}

// fastCmpI is the lane loop of a signed or equality comparison of
// sign-extended registers (true is -1, as b2i writes it), written out;
// nil for the unsigned predicates.
func fastCmpI(pred string, a, b, rd int) vinstr {
	switch pred {
	case "eq":
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = b2i(A[j] == B[j])
			}
		}
	case "ne":
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = b2i(A[j] != B[j])
			}
		}
	case "slt":
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = b2i(A[j] < B[j])
			}
		}
	case "sle":
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = b2i(A[j] <= B[j])
			}
		}
	case "sgt":
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = b2i(A[j] > B[j])
			}
		}
	case "sge":
		return func(fr *vframe, n int) {
			A, B, D := fr.i[a][:n], fr.i[b][:n], fr.i[rd][:n]
			for j := range D {
				D[j] = b2i(A[j] >= B[j])
			}
		}
	}
	return nil
}
