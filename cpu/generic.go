package cpu

import (
	goruntime "runtime"
	"sync"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/plan"
)

// kernel is a linalg.generic prepared for execution: loop extents, one
// linear offset function per operand (base + Σ coef[d]·i_d, from the
// indexing map composed with the operand view's strides) and the
// compiled body. The offsets are updated incrementally in the loop nest
// (strength reduction), so no map is evaluated per element.
type kernel struct {
	op    *ir.Operation
	prog  *program
	ext   []int64
	ops   []kOperand // inputs, then outputs
	nIn   int
	split int // the parallel loop split across goroutines, -1 for none
	work  int64
	fast  *contraction    // the contraction fast path (contract.go), or nil
	copy  *copyGeneric    // the strided-copy fast path (contract.go), or nil
	conv  *convertGeneric // the converting copy (convert.go), or nil
	vec   *vprogram       // the lane program (vector.go), or nil
	// scatter is the scatter form of a reduction over index positions
	// (scatter.go), or nil.
	scatter *scatterGeneric
	// gather is the row form of a gather (gatherrows.go), or nil.
	gather *gatherRowForm
	store  *laneStore // the run's kept lane registers, or nil
	// outZero: the output holds zeros on entry (plan.ZeroOnEntry), so
	// the contraction fast path starts its tiles at zero unread.
	outZero bool
	// overlap is the memory overlap pattern a kept kernel was prepared
	// with (prepCache.keep).
	overlap uint64
	// panels is the run's cache of packed panels (nil: none), set for
	// each run.
	panels *panelCache
	// zeroOut is the zero fill of the output deferred to this kernel
	// (deferfill.go), or nil; set for each run.
	zeroOut func() error
	// pad is the pad folded into one of its inputs (padfold.go), or
	// nil; set for each run.
	pad *padRun
}

type kOperand struct {
	acc  accessor
	mem  []byte
	base int64
	coef []int64
	reg  reg // block argument register (idx -1: not read)
}

// newKernel prepares a Generic step; pc shares the op's decoded form and
// its compiled body with the run's other steps (nil: nothing is shared).
func newKernel(s *plan.Step, mem func(*plan.Buffer) ([]byte, error), pc *prepCache) (*kernel, error) {
	if pc != nil && pc.kernels != nil {
		if k, err := pc.keptKernel(s, mem); k != nil || err != nil {
			return k, err
		}
	}
	k, err := prepareKernel(s, mem, pc)
	if err == nil {
		pc.keep(s, k)
	}
	return k, err
}

// prepareKernel prepares a Generic step from scratch (newKernel).
func prepareKernel(s *plan.Step, mem func(*plan.Buffer) ([]byte, error), pc *prepCache) (*kernel, error) {
	op := s.Op
	g, err := pc.generic(op)
	if err != nil {
		return nil, err
	}
	nv := len(s.Inputs) + len(s.Outputs)
	if len(g.maps) != nv {
		return nil, ir.OpErrorf(op, "cpu: malformed linalg.generic")
	}
	n := len(g.iters)
	// The loop extents and the operands' coefficients share one array.
	ints := make([]int64, n+nv*n)
	k := &kernel{op: op, nIn: len(s.Inputs), split: -1, ext: ints[:n:n], store: pc.laneStore()}
	if err := k.setExtents(s, g); err != nil {
		return nil, err
	}
	cb, err := bodyOf(s, g, n, mem, pc)
	if err != nil {
		return nil, err
	}
	k.prog = cb.prog
	if len(k.prog.yield) != len(s.Outputs) {
		return nil, ir.OpErrorf(op, "cpu: linalg.yield has %d values for %d outputs", len(k.prog.yield), len(s.Outputs))
	}
	k.ops = make([]kOperand, nv)
	coefs := ints[n:]
	for o := range k.ops {
		v := viewAt(s, o)
		b, err := mem(v.Buf)
		if err != nil {
			return nil, err
		}
		ek, err := kindOf(v.Buf.Elem)
		if err != nil {
			return nil, ir.OpErrorf(op, "%v", err)
		}
		ko := &k.ops[o]
		*ko = kOperand{acc: newAccessor(b, ek), mem: b, base: v.Offset, coef: coefs[o*n : (o+1)*n : (o+1)*n], reg: k.prog.args[o]}
		if ko.reg.idx >= 0 && ko.reg.float != ek.isFloat() {
			return nil, ir.OpErrorf(op, "cpu: operand %d's element type does not match its block argument", o)
		}
		if o >= k.nIn {
			if y := k.prog.yield[o-k.nIn]; y.float != ek.isFloat() {
				return nil, ir.OpErrorf(op, "cpu: yielded value %d does not match output type", o-k.nIn)
			}
		}
		if err := k.addOffsets(o, v, g.maps[o]); err != nil {
			return nil, err
		}
	}
	k.split = pickSplit(g.iters, g.maps[k.nIn:], k.ext)
	k.fast = matchContraction(k, g.maps, g.iters, g.body)
	if k.fast == nil && len(k.ext) > 0 {
		k.copy = matchCopy(k)
	}
	if k.fast == nil && k.copy == nil && len(k.ext) > 0 {
		k.conv = matchConvert(k)
	}
	if k.fast == nil && k.copy == nil && k.conv == nil {
		k.scatter = matchScatter(k, g)
		if k.scatter == nil {
			k.gather = matchGatherRows(k, g, cb.caps)
		}
	}
	if k.fast == nil && k.copy == nil && k.conv == nil && k.scatter == nil && k.gather == nil && fastContractions.Load() {
		k.vec = compileVector(k, g.maps, g.iters, cb)
	}
	return k, nil
}

// setExtents sets each loop's extent to the size of an operand dimension
// its map indexes directly, and the work to their product.
func (k *kernel) setExtents(s *plan.Step, g *genericInfo) error {
	for d := range k.ext {
		k.ext[d] = -1
	}
	for o, m := range g.maps {
		shape := viewAt(s, o).Shape
		if len(m.Results) != len(shape) {
			return ir.OpErrorf(k.op, "cpu: indexing map %d does not match the loops or the operand rank", o)
		}
		for r, e := range m.Results {
			if d, ok := e.AsDim(); ok && k.ext[d] < 0 {
				k.ext[d] = shape[r]
			}
		}
	}
	k.work = 1
	for d, e := range k.ext {
		if e < 0 {
			return ir.OpErrorf(k.op, "cpu: loop d%d's extent is not the size of any operand dimension", d)
		}
		k.work *= e
	}
	return nil
}

// bodyOf is the compiled body of generic step s: shared through pc, or,
// when the body reads captured tensors, compiled for s alone with the
// captures bound.
func bodyOf(s *plan.Step, g *genericInfo, loops int, mem func(*plan.Buffer) ([]byte, error), pc *prepCache) (*compiledBody, error) {
	if len(s.Captures) == 0 {
		if g.shared == nil {
			cb, err := pc.program(s.Op, g.body, loops)
			if err != nil {
				return nil, err
			}
			g.shared = cb
		}
		return g.shared, nil
	}
	caps := make(map[*ir.Value]*capture, len(s.Captures))
	for _, c := range s.Captures {
		b, err := mem(c.View.Buf)
		if err != nil {
			return nil, err
		}
		ek, err := kindOf(c.View.Buf.Elem)
		if err != nil {
			return nil, ir.OpErrorf(s.Op, "%v", err)
		}
		caps[c.Value] = &capture{view: c.View, acc: newAccessor(b, ek)}
	}
	prog, err := compileBody(s.Op, g.body, loops, caps)
	if err != nil {
		return nil, err
	}
	return &compiledBody{body: g.body, loops: loops, prog: prog, caps: caps}, nil
}

// addOffsets folds operand o's indexing map, through view v's strides,
// into its base and per-loop coefficients, after checking that every
// index it forms over the loop box stays inside the view.
func (k *kernel) addOffsets(o int, v *plan.View, m affine.Map) error {
	ko := &k.ops[o]
	var buf [16]int64
	c := buf[:0]
	if len(k.ext) > len(buf) {
		c = make([]int64, 0, len(k.ext))
	}
	c = c[:len(k.ext)]
	for r, e := range m.Results {
		kc, ok := linearInto(c, e)
		if !ok {
			return ir.OpErrorf(k.op, "cpu: indexing map result %s is not linear in the loops", e)
		}
		// The result must stay inside the view for every iteration:
		// check its range over the loop box.
		lo, hi := kc, kc
		for d, cd := range c {
			if k.ext[d] == 0 {
				continue
			}
			if cd > 0 {
				hi += cd * (k.ext[d] - 1)
			} else {
				lo += cd * (k.ext[d] - 1)
			}
		}
		if k.work > 0 && (lo < 0 || hi >= v.Shape[r]) {
			return ir.OpErrorf(k.op, "cpu: operand %d dimension %d is indexed in [%d, %d], outside its size %d", o, r, lo, hi, v.Shape[r])
		}
		ko.base += kc * v.Strides[r]
		for d, cd := range c {
			ko.coef[d] += cd * v.Strides[r]
		}
	}
	return nil
}

// linearInto sets coef (one per loop) to e's loop coefficients and
// returns its constant term; ok is false when e is not linear in the
// loops. It allocates nothing for the maps lowering produces (dimensions,
// constants, sums and products by constants): a run walks every
// generic's maps.
func linearInto(coef []int64, e affine.Expr) (int64, bool) {
	clear(coef)
	return addLinear(coef, e, 1)
}

// addLinear adds scale·e to coef and returns scale times e's constant
// term.
func addLinear(coef []int64, e affine.Expr, scale int64) (int64, bool) {
	switch e.Kind() {
	case affine.KindConst:
		c, _ := e.AsConst()
		return scale * c, true
	case affine.KindDim:
		d, _ := e.AsDim()
		if d >= len(coef) {
			return 0, false
		}
		coef[d] += scale
		return 0, true
	case affine.KindAdd:
		a, ok := addLinear(coef, e.LHS(), scale)
		if !ok {
			return 0, false
		}
		b, ok := addLinear(coef, e.RHS(), scale)
		return a + b, ok
	case affine.KindMul:
		if c, ok := e.RHS().AsConst(); ok {
			return addLinear(coef, e.LHS(), scale*c)
		}
		if c, ok := e.LHS().AsConst(); ok {
			return addLinear(coef, e.RHS(), scale*c)
		}
	}
	// Anything else (a product by a compound constant; a product of
	// loops, a division or a symbol, which are not linear) takes the
	// general form.
	c, k, ok := affine.LinearForm(e, len(coef))
	if !ok {
		return 0, false
	}
	for d := range coef {
		coef[d] += scale * c[d]
	}
	return scale * k, true
}

// pickSplit chooses the parallel loop to divide among goroutines: one
// that every output map indexes directly (so different goroutines write
// disjoint elements and no reduction is ever split), preferring the
// outermost one with enough iterations for every worker, else the largest.
func pickSplit(iters []string, outMaps []affine.Map, ext []int64) int {
	workers := int64(goruntime.GOMAXPROCS(0))
	best := -1
	for d, it := range iters {
		if it != linalg.Parallel || ext[d] < 2 {
			continue
		}
		all := true
		for _, m := range outMaps {
			found := false
			for _, e := range m.Results {
				if x, ok := e.AsDim(); ok && x == d {
					found = true
				}
			}
			all = all && found
		}
		if !all {
			continue
		}
		if ext[d] >= workers {
			return d
		}
		if best < 0 || ext[d] > ext[best] {
			best = d
		}
	}
	return best
}

// parallelWork is the number of element evaluations below which a generic
// runs on one goroutine: spawning costs more than it saves.
const parallelWork = 1 << 15

// parallelLaneWork is parallelWork for the vector paths (parallelRange),
// whose unit of work, a multiply-add or a move of a lane, costs a tenth
// of an element evaluation or less (0.15-0.2 ns a multiply-add in a
// small convolution's contraction). Below it a split cost more than it
// saved on a 2-vCPU VM: joint_unet_block's eight contractions of 37-147 K
// multiply-adds (10-50 µs each) ran its steady training step in 0.57-0.75
// ms split, 0.45-0.58 ms not (medians of 200 runs), and its first run in
// a fresh process, whose first split starts the worker's thread, in 2.43
// ms split, 1.69 ms not (medians of 31). A variable for the tests.
var parallelLaneWork int64 = 1 << 18

func (k *kernel) run() error {
	if k.work > 0 && k.fast == nil {
		// Only a contraction reads a folded pad through its windows.
		if err := k.unfoldPad(); err != nil {
			return err
		}
	}
	if k.work == 0 || k.fast == nil {
		// Only a contraction knows whether its path reads its output.
		if err := k.zeroOutput(); err != nil {
			return err
		}
	}
	if k.work == 0 {
		return nil
	}
	if k.fast != nil {
		return k.fast.run(k)
	}
	if k.copy != nil {
		return k.copy.run(k)
	}
	if k.conv != nil {
		return k.conv.run(k)
	}
	if k.scatter != nil {
		return k.scatter.run(k)
	}
	if k.gather != nil {
		return k.gather.run(k)
	}
	split, e := k.split, int64(0)
	if k.vec != nil {
		fastRuns.Add(1)
		if k.vec.f32 != nil {
			lanes32Runs.Add(1)
		}
		if k.vec.rows > 1 {
			rowBlockRuns.Add(1)
		}
		split = k.vec.split
	}
	workers := int64(goruntime.GOMAXPROCS(0))
	if split < 0 || workers < 2 || k.work*int64(len(k.prog.code)+1) < parallelWork {
		return k.someChunk(0, -1)
	}
	if k.vec != nil {
		e = k.vec.ext[split]
	} else {
		e = k.ext[split]
	}
	// The ranges of splitRange (the pool's workers), one a worker.
	var mu sync.Mutex
	var first error
	if p := splitRange(int(e), parallelWork, func(lo, hi int) {
		if err := k.someChunk(int64(lo), int64(hi)); err != nil {
			mu.Lock()
			if first == nil {
				first = err
			}
			mu.Unlock()
		}
	}); p != nil {
		return ir.OpErrorf(k.op, "cpu: %v", p)
	}
	return first
}

// someChunk runs a chunk of the loop nest: of the lane program when k
// has one (vchunk), else of the body (chunk). A method, not a func value
// picked once: that value escaped to the goroutines and cost an
// allocation on every step, parallel or not.
func (k *kernel) someChunk(lo, hi int64) error {
	if k.vec != nil {
		return k.vchunk(lo, hi)
	}
	return k.chunk(lo, hi)
}

// chunk runs the loop nest with the split loop limited to [lo, hi) (all
// of it when hi < 0), on its own register frame.
func (k *kernel) chunk(lo, hi int64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(k.op, "cpu: %v", r)
		}
	}()
	k.loop(k.prog.newFrame(len(k.ext)), 0, k.loopOffsets(len(k.ext)+1), lo, hi)
	return nil
}

// loopOffsets is the per-depth offset table of a loop nest n deep, the
// operands' bases at depth 0.
func (k *kernel) loopOffsets(n int) [][]int64 {
	offs := make([][]int64, n)
	flat := make([]int64, n*len(k.ops))
	for d := range offs {
		offs[d] = flat[d*len(k.ops) : (d+1)*len(k.ops) : (d+1)*len(k.ops)]
	}
	for o := range k.ops {
		offs[0][o] = k.ops[o].base
	}
	return offs
}

func (k *kernel) loop(fr *frame, d int, offs [][]int64, lo, hi int64) {
	if d == len(k.ext) {
		k.elem(fr, offs[d])
		return
	}
	start, end := int64(0), k.ext[d]
	if d == k.split && hi >= 0 {
		start, end = lo, hi
	}
	cur, next := offs[d], offs[d+1]
	for o := range k.ops {
		next[o] = cur[o] + start*k.ops[o].coef[d]
	}
	for i := start; i < end; i++ {
		fr.idx[d] = i
		k.loop(fr, d+1, offs, lo, hi)
		for o := range k.ops {
			next[o] += k.ops[o].coef[d]
		}
	}
}

// elem evaluates the body at one point: load the block arguments, run the
// program, store the yielded values.
func (k *kernel) elem(fr *frame, off []int64) {
	for o := range k.ops {
		op := &k.ops[o]
		op.acc.loadInto(fr, op.reg, off[o])
	}
	for _, c := range k.prog.code {
		c(fr)
	}
	for j, y := range k.prog.yield {
		op := &k.ops[k.nIn+j]
		if y.float {
			op.acc.storeF(off[k.nIn+j], fr.f[y.idx])
		} else {
			op.acc.storeI(off[k.nIn+j], fr.i[y.idx])
		}
	}
}
