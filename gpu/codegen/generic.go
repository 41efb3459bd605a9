package codegen

import (
	"fmt"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/plan"
)

// operand is one input or output of a generic as the kernel addresses
// it: buffer name, element, and the offset base + Σ coef[d]·i_d
// (indexing map composed with the view's strides).
type operand struct {
	buf  string
	el   elem
	base string
	// origin is base's static part (the view's offset and the maps'
	// constants); dynBase, whether base adds dynamic offsets to it.
	origin  int64
	dynBase bool
	coef    []int64
	arg     *ir.Value // the block argument, nil when the body ignores it
}

func (o *operand) offset(idx []string) string { return offsetExpr(o.base, idx, o.coef) }

// genGeneric emits a linalg.generic as one thread per point of its
// "thread loops" — the parallel loops every output map indexes directly,
// so distinct threads write distinct elements (the loops cpu's pickSplit
// may split) — with every other loop (reductions, and parallel loops an
// output does not index directly) run inside the thread in the original
// loop order. The sequence of updates of each output element is thus the
// CPU interpreter's, and so is every rounding. An output whose offset
// does not move in the inner loops (the usual accumulator) lives in a
// register across them.
//
// epi, when not nil, is the step after s, its epilogue
// (plan.IsEpilogueOf): genGeneric fuses it into the kernel where it can
// (epilogue.go) and reports whether it did.
func genGeneric(k *kernelBuilder, s *plan.Step, epi *plan.Step) (*Kernel, bool, error) {
	op := s.Op
	maps := linalg.IndexingMaps(op)
	iters := linalg.IteratorTypes(op)
	body := linalg.Body(op)
	views := append(append([]plan.View(nil), s.Inputs...), s.Outputs...)
	if maps == nil || iters == nil || body == nil || len(maps) != len(views) || len(body.Args()) != len(views) {
		return nil, false, ir.OpErrorf(op, "malformed linalg.generic")
	}
	n := len(iters)
	nIn := len(s.Inputs)
	ext, err := loopExtents(op, maps, views, n)
	if err != nil {
		return nil, false, err
	}
	work := int64(1)
	for _, e := range ext {
		work *= e
	}
	if work == 0 {
		return nil, false, nil // the CPU does nothing either
	}
	capViews := make([]plan.View, len(s.Captures))
	for j, c := range s.Captures {
		capViews[j] = c.View
	}
	elems, err := elemsOf(s.Inputs, s.Outputs, capViews)
	if err != nil {
		return nil, false, ir.OpErrorf(op, "%v", err)
	}
	ops, err := operandsOf(k, op, maps, views, nIn, body, ext, elems)
	if err != nil {
		return nil, false, err
	}
	if f := scatterForm(s, maps, iters, body); f != nil {
		kern, err := genScatter(k, s, f, body, ops, ext, elems)
		return kern, false, err
	}

	// Thread loops and inner loops.
	var thread, inner []int
	for d, it := range iters {
		direct := it == linalg.Parallel
		for _, m := range maps[nIn:] {
			found := false
			for _, e := range m.Results {
				if x, ok := e.AsDim(); ok && x == d {
					found = true
				}
			}
			direct = direct && found
		}
		if direct {
			thread = append(thread, d)
		} else {
			inner = append(inner, d)
		}
	}
	threads := int64(1)
	for _, d := range thread {
		threads *= ext[d]
	}
	idx := idxNames("i", n)

	// Outputs held in registers across the inner loops: those whose
	// offset does not move in them and whose buffer nothing else in the
	// step reads (an in-place operand would see a stale value).
	hoist := make([]bool, len(s.Outputs))
	for j := range s.Outputs {
		o := ops[nIn+j]
		hoist[j] = len(inner) > 0
		for _, d := range inner {
			hoist[j] = hoist[j] && o.coef[d] == 0
		}
		for q, v := range views {
			if q != nIn+j && v.Buf == s.Outputs[j].Buf {
				hoist[j] = false
			}
		}
		for _, c := range s.Captures {
			if c.View.Buf == s.Outputs[j].Buf {
				hoist[j] = false
			}
		}
	}

	bc := &bodyCompiler{k: k, names: map[*ir.Value]string{}, idx: idx, loops: n}
	for _, c := range s.Captures {
		buf, base, err := k.view(c.View, false)
		if err != nil {
			return nil, false, ir.OpErrorf(op, "capture: %v", err)
		}
		bc.captures = append(bc.captures, bodyCapture{value: c.Value, buf: buf, base: base, view: c.View, el: elems[c.View.Buf]})
	}

	c := groupContraction(s, body, iters, thread, inner, hoist, ops, ext)
	var nw *narrowing
	if c != nil && !c.tiled() {
		nw = matchNarrow(c)
	}
	// A block reduction of fewer terms than a block has threads idles
	// most of them: a narrow contraction's thread sums them alone (an
	// edge region of a 3-channel data gradient: a few thousand outputs
	// of 64 terms), in one launch with its epilogue.
	if red := blockReduction(s, body, iters, thread, inner, hoist, ops, nIn, ext, threads); red != nil && (nw == nil || nw.kTot > BlockSize) {
		kern, err := genBlockReduce(k, bc, red, ops, nIn, idx, thread, inner, ext, threads, body, elems)
		return kern, false, err
	}
	var ep *epilogue
	if epi != nil {
		if ep, err = prepareEpilogue(k, s, epi); err != nil {
			return nil, false, err
		}
	}
	if c != nil && c.tiled() {
		kern, err := genContraction(k, bc, c, ops, idx, ext, body, elems, ep)
		return kern, ep != nil, err
	}
	if nw != nil {
		kern, err := genNarrow(k, bc, nw, ops, idx, ext, body, elems, ep)
		return kern, ep != nil, err
	}

	k.form = FormThread
	gridLoop(k, threads)
	if len(thread) > 0 {
		k.line(2, "i64 r = t;")
		for q := len(thread) - 1; q >= 0; q-- {
			d := thread[q]
			if ext[d] == 1 {
				k.line(2, "const i64 %s = 0;", idx[d])
			} else if q == 0 {
				k.line(2, "const i64 %s = r;", idx[d])
			} else {
				if ext[d] == 2 {
					k.line(2, "const i64 q%d = r / 2; const i64 %s = tl_bit(r - q%d * 2); r = q%d;", d, idx[d], d, d)
				} else {
					k.line(2, "const i64 q%d = r / %d; const i64 %s = r - q%d * %d; r = q%d;", d, ext[d], idx[d], d, ext[d], d)
				}
			}
		}
	}
	// Registers of hoisted outputs.
	for j, h := range hoist {
		o := ops[nIn+j]
		if !h {
			continue
		}
		acc := fmt.Sprintf("acc%d", j)
		if o.arg == nil {
			// The body never reads the old value: the last iteration's
			// yield is what is stored (there is at least one).
			k.line(2, "%s %s = 0;", o.el.reg, acc)
			continue
		}
		if k.outZero {
			// The plan proves the output holds +0 (ZeroOnEntry: one
			// output, reductions): start from it unread.
			k.line(2, "%s %s = 0;", o.el.reg, acc)
		} else {
			k.line(2, "%s %s = %s;", o.el.reg, acc, o.el.load(o.buf, o.offset(idx)))
		}
		bc.names[o.arg] = acc
	}
	// The inner loops are not unrolled: full unrolling of long constant
	// reductions makes huge kernels that compile slowly (hiprtc spends
	// ~40% less time without it) and gains little in this thread-per-
	// output form, which is memory-bound; fast contractions want tiled
	// kernels instead.
	depth := openLoops(k, 2, inner, ext, idx, len(inner))
	bc.depth = depth
	for q, o := range ops {
		if o.arg == nil || (q >= nIn && hoist[q-nIn]) {
			continue
		}
		name := fmt.Sprintf("a%d", q)
		k.line(depth, "const %s %s = %s;", o.el.reg, name, o.el.load(o.buf, o.offset(idx)))
		bc.names[o.arg] = name
	}
	yield, err := bc.compile(body)
	if err != nil {
		return nil, false, err
	}
	if len(yield) != len(s.Outputs) {
		return nil, false, ir.OpErrorf(op, "linalg.yield has %d values for %d outputs", len(yield), len(s.Outputs))
	}
	// Every yielded value is read before any is stored or assigned: a
	// yield may name another output's block argument.
	vals := make([]string, len(yield))
	for j, y := range yield {
		o := ops[nIn+j]
		ye, err := elemOf(y.Type())
		if err != nil || ye.float != o.el.float {
			return nil, false, ir.OpErrorf(op, "yielded value %d of type %s does not match output type %s", j, y.Type(), s.Outputs[j].Buf.Elem)
		}
		if vals[j], err = bc.value(op, y); err != nil {
			return nil, false, err
		}
		if len(yield) > 1 {
			k.line(depth, "const %s y%d = %s;", o.el.reg, j, vals[j])
			vals[j] = fmt.Sprintf("y%d", j)
		}
	}
	// With a fused epilogue that alone reads the output (fwdOut; one
	// output then), the final value goes to it in a register: the
	// accumulator, or the yield of a step without inner loops.
	fwd := ""
	if ep != nil && k.fwdOut && (hoist[0] || len(inner) == 0) {
		o := ops[nIn]
		if hoist[0] {
			fwd = o.el.round("acc0")
			k.outUnread = k.outZero || o.arg == nil
		} else {
			k.line(depth, "const %s y0f = %s;", o.el.reg, o.el.round(vals[0]))
			fwd = "y0f"
			k.outUnread = o.arg == nil
		}
	}
	for j, v := range vals {
		if hoist[j] {
			k.line(depth, "acc%d = %s;", j, v)
			continue
		}
		if fwd != "" {
			continue
		}
		o := ops[nIn+j]
		k.line(depth, "%s", o.el.store(o.buf, o.offset(idx), v))
	}
	closeLoops(k, 2, depth)
	for j, h := range hoist {
		if h && fwd == "" {
			o := ops[nIn+j]
			k.line(2, "%s", o.el.store(o.buf, o.offset(idx), fmt.Sprintf("acc%d", j)))
		}
	}
	if ep != nil {
		// Every parallel loop is a thread loop (the output map is a
		// permutation of them): the element is final here.
		if err := ep.emit(k, 2, idx, fwd); err != nil {
			return nil, false, err
		}
	}
	k.line(1, "}")
	return k.finish(ep.withElems(elems), gridFor(threads)), ep != nil, nil
}

// loopExtents is the extent of each of a generic's n loops: the size of
// an operand dimension a map result indexes with the bare loop.
func loopExtents(op *ir.Operation, maps []affine.Map, views []plan.View, n int) ([]int64, error) {
	ext := make([]int64, n)
	for d := range ext {
		ext[d] = -1
	}
	for o, m := range maps {
		if m.NumDims != n || m.NumSymbols != 0 || len(m.Results) != len(views[o].Shape) {
			return nil, ir.OpErrorf(op, "indexing map %d does not match the loops or the operand rank", o)
		}
		for r, e := range m.Results {
			if d, ok := e.AsDim(); ok && ext[d] < 0 {
				ext[d] = views[o].Shape[r]
			}
		}
	}
	for d, e := range ext {
		if e < 0 {
			return nil, ir.OpErrorf(op, "loop d%d's extent is not the size of any operand dimension", d)
		}
	}
	return ext, nil
}

// operandsOf addresses each operand of a generic (views: inputs, then
// the nIn.. outputs, which the kernel writes) as its map composed with
// its view's strides, after checking that every index the loops form
// lies inside the view and that a block argument the body reads has the
// operand's kind of element.
func operandsOf(k *kernelBuilder, op *ir.Operation, maps []affine.Map, views []plan.View, nIn int, body *ir.Block, ext []int64, elems map[*plan.Buffer]elem) ([]*operand, error) {
	n := len(ext)
	ops := make([]*operand, len(views))
	for o, v := range views {
		buf, base, err := k.view(v, o >= nIn)
		if err != nil {
			return nil, ir.OpErrorf(op, "operand %d: %v", o, err)
		}
		od := &operand{buf: buf, el: elems[v.Buf], base: base, origin: v.Offset, dynBase: len(v.Dyn) > 0, coef: make([]int64, n)}
		if a := body.Args()[o]; a.HasUses() {
			od.arg = a
			ae, err := elemOf(a.Type())
			if err != nil || ae.float != od.el.float {
				return nil, ir.OpErrorf(op, "operand %d's element type %s does not match its block argument %s", o, v.Buf.Elem, a.Type())
			}
		}
		for r, e := range maps[o].Results {
			c, kc, ok := affine.LinearForm(e, n)
			if !ok {
				return nil, ir.OpErrorf(op, "indexing map result %s is not linear in the loops", e)
			}
			lo, hi := kc, kc
			for d, cd := range c {
				if cd > 0 {
					hi += cd * (ext[d] - 1)
				} else {
					lo += cd * (ext[d] - 1)
				}
			}
			if lo < 0 || hi >= v.Shape[r] {
				return nil, ir.OpErrorf(op, "operand %d dimension %d is indexed in [%d, %d], outside its size %d", o, r, lo, hi, v.Shape[r])
			}
			if kc != 0 {
				od.base += fmt.Sprintf(" + %d", kc*v.Strides[r])
				od.origin += kc * v.Strides[r]
			}
			for d := range c {
				od.coef[d] += c[d] * v.Strides[r]
			}
		}
		ops[o] = od
	}
	return ops, nil
}
