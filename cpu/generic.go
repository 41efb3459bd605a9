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
	fast  *contraction // the contraction fast path (contract.go), or nil
	copy  *copyGeneric // the strided-copy fast path (contract.go), or nil
	vec   *vprogram    // the lane program of an elementwise body (vector.go), or nil
	// outZero: the output holds zeros on entry (plan.ZeroOnEntry), so
	// the contraction fast path starts its tiles at zero unread.
	outZero bool
}

type kOperand struct {
	acc  accessor
	mem  []byte
	base int64
	coef []int64
	reg  reg // block argument register (idx -1: not read)
}

// newKernel prepares a Generic step.
func newKernel(s *plan.Step, mem func(*plan.Buffer) ([]byte, error)) (*kernel, error) {
	op := s.Op
	maps := linalg.IndexingMaps(op)
	iters := linalg.IteratorTypes(op)
	body := linalg.Body(op)
	views := append(append([]plan.View(nil), s.Inputs...), s.Outputs...)
	if maps == nil || iters == nil || body == nil || len(maps) != len(views) || len(body.Args()) != len(views) {
		return nil, ir.OpErrorf(op, "cpu: malformed linalg.generic")
	}
	n := len(iters)
	k := &kernel{op: op, nIn: len(s.Inputs), split: -1, ext: make([]int64, n)}
	for d := range k.ext {
		k.ext[d] = -1
	}
	for o, m := range maps {
		if m.NumDims != n || m.NumSymbols != 0 || len(m.Results) != len(views[o].Shape) {
			return nil, ir.OpErrorf(op, "cpu: indexing map %d does not match the loops or the operand rank", o)
		}
		for r, e := range m.Results {
			if d, ok := e.AsDim(); ok && k.ext[d] < 0 {
				k.ext[d] = views[o].Shape[r]
			}
		}
	}
	k.work = 1
	for d, e := range k.ext {
		if e < 0 {
			return nil, ir.OpErrorf(op, "cpu: loop d%d's extent is not the size of any operand dimension", d)
		}
		k.work *= e
	}
	caps := map[*ir.Value]*capture{}
	for _, c := range s.Captures {
		b, err := mem(c.View.Buf)
		if err != nil {
			return nil, err
		}
		ek, err := kindOf(c.View.Buf.Elem)
		if err != nil {
			return nil, ir.OpErrorf(op, "%v", err)
		}
		caps[c.Value] = &capture{view: c.View, acc: newAccessor(b, ek)}
	}
	prog, err := compileBody(op, body, n, caps)
	if err != nil {
		return nil, err
	}
	if len(prog.yield) != len(s.Outputs) {
		return nil, ir.OpErrorf(op, "cpu: linalg.yield has %d values for %d outputs", len(prog.yield), len(s.Outputs))
	}
	k.prog = prog
	for o, v := range views {
		b, err := mem(v.Buf)
		if err != nil {
			return nil, err
		}
		ek, err := kindOf(v.Buf.Elem)
		if err != nil {
			return nil, ir.OpErrorf(op, "%v", err)
		}
		ko := kOperand{acc: newAccessor(b, ek), mem: b, base: v.Offset, coef: make([]int64, n), reg: prog.args[o]}
		if ko.reg.idx >= 0 && ko.reg.float != ek.isFloat() {
			return nil, ir.OpErrorf(op, "cpu: operand %d's element type does not match its block argument", o)
		}
		if o >= k.nIn {
			if y := prog.yield[o-k.nIn]; y.float != ek.isFloat() {
				return nil, ir.OpErrorf(op, "cpu: yielded value %d does not match output type", o-k.nIn)
			}
		}
		for r, e := range maps[o].Results {
			c, kc, ok := affine.LinearForm(e, n)
			if !ok {
				return nil, ir.OpErrorf(op, "cpu: indexing map result %s is not linear in the loops", e)
			}
			// The result must stay inside the view for every
			// iteration: check its range over the loop box.
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
				return nil, ir.OpErrorf(op, "cpu: operand %d dimension %d is indexed in [%d, %d], outside its size %d", o, r, lo, hi, v.Shape[r])
			}
			ko.base += kc * v.Strides[r]
			for d := range c {
				ko.coef[d] += c[d] * v.Strides[r]
			}
		}
		k.ops = append(k.ops, ko)
	}
	k.split = pickSplit(iters, maps[k.nIn:], k.ext)
	k.fast = matchContraction(k, maps, iters, body)
	if k.fast == nil && len(k.ext) > 0 {
		k.copy = matchCopy(k)
	}
	if k.fast == nil && k.copy == nil && fastContractions.Load() {
		k.vec = compileVector(k, iters, body)
	}
	return k, nil
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

func (k *kernel) run() error {
	if k.work == 0 {
		return nil
	}
	if k.fast != nil {
		return k.fast.run(k)
	}
	if k.copy != nil {
		return k.copy.run(k)
	}
	chunk, split, e := k.chunk, k.split, int64(0)
	if k.vec != nil {
		fastRuns.Add(1)
		chunk, split = k.vchunk, k.vec.split
	}
	workers := int64(goruntime.GOMAXPROCS(0))
	if split < 0 || workers < 2 || k.work*int64(len(k.prog.code)+1) < parallelWork {
		return chunk(0, -1)
	}
	if k.vec != nil {
		e = k.vec.ext[split]
	} else {
		e = k.ext[split]
	}
	if workers > e {
		workers = e
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := int64(0); w < workers; w++ {
		lo, hi := e*w/workers, e*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = chunk(lo, hi)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
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
	for d := range offs {
		offs[d] = make([]int64, len(k.ops))
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
		if op.reg.idx < 0 {
			continue
		}
		if op.reg.float {
			fr.f[op.reg.idx] = op.acc.loadF(off[o])
		} else {
			fr.i[op.reg.idx] = op.acc.loadI(off[o])
		}
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
