package codegen

import (
	"fmt"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// Epilogue fusion. A step the plan marks as the epilogue of the
// contraction before it (plan.IsEpilogueOf: an elementwise generic that
// reads the producer's output O element for element, the bias add, ReLU
// or truncf after a convolution) runs inside the producer's kernel: the
// thread that stores an element of O evaluates the epilogue's body for
// that element right after the store, reading O back (its own write, so
// the same bits) and the epilogue's other inputs. One launch instead of
// two, and O's element is read from cache rather than by a second pass
// over memory. The epilogue step then has no kernel (Module.Steps[i+1]
// is nil). Producers whose outputs are written by several threads (the
// block reductions) keep the epilogue as a kernel of its own.

// epilogue is a fused epilogue step as the producer's kernel addresses
// it.
type epilogue struct {
	step *plan.Step
	body *ir.Block
	ops  []*operand // inputs then outputs; coefficients over the epilogue's loops
	// loopOf[d] is the producer's loop that the epilogue's loop d runs
	// with: the producer's output map's result d (the epilogue's map of O
	// is the identity).
	loopOf []int
	elems  map[*plan.Buffer]elem
	// readsOut is the input that reads the producer's output.
	readsOut int
	// cell, when not nil, is a fill whose zeros the epilogue writes
	// around each element it stores (cellzeros.go).
	cell *cellZeros
}

// prepareEpilogue registers epi's buffers with k and works out its
// operands; prod is the producer step (IsEpilogueOf(prod, epi) holds).
func prepareEpilogue(k *kernelBuilder, prod, epi *plan.Step) (*epilogue, error) {
	op := epi.Op
	maps := linalg.IndexingMaps(op)
	body := linalg.Body(op)
	views := append(append([]plan.View(nil), epi.Inputs...), epi.Outputs...)
	if maps == nil || body == nil || len(maps) != len(views) || len(body.Args()) != len(views) {
		return nil, ir.OpErrorf(op, "malformed linalg.generic")
	}
	pMaps := linalg.IndexingMaps(prod.Op)
	out := pMaps[len(pMaps)-1]
	n := maps[0].NumDims
	if len(out.Results) != n {
		return nil, ir.OpErrorf(op, "epilogue has %d loops for a producer output of rank %d", n, len(out.Results))
	}
	e := &epilogue{step: epi, body: body, loopOf: make([]int, n), readsOut: -1, cell: k.cells[epi]}
	for q, v := range epi.Inputs {
		if v.Buf == prod.Outputs[0].Buf {
			e.readsOut = q
		}
	}
	for d, r := range out.Results {
		pd, ok := r.AsDim()
		if !ok {
			return nil, ir.OpErrorf(prod.Op, "output map result %s is not a loop", r)
		}
		e.loopOf[d] = pd
	}
	elems, err := elemsOf(epi.Inputs, epi.Outputs)
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	e.elems = elems
	ext, err := loopExtents(op, maps, views, n)
	if err != nil {
		return nil, err
	}
	if e.ops, err = operandsOf(k, op, maps, views, len(epi.Inputs), body, ext, e.elems); err != nil {
		return nil, err
	}
	return e, nil
}

// emit writes the epilogue for the producer's loop point idx (every
// parallel loop of the producer named), at depth, after the producer has
// stored its output element there, or, when out is not "", handed it
// over instead as the register expression out (its value as stored: the
// output's element, rounded to its type).
func (e *epilogue) emit(k *kernelBuilder, depth int, idx []string, out string) error {
	op := e.step.Op
	if out != "" {
		k.line(depth, "{ // epilogue: the next step, fused; the output in registers, not stored")
	} else {
		k.line(depth, "{ // epilogue: the next step, fused")
	}
	depth++
	eidx := make([]string, len(e.loopOf))
	for d, pd := range e.loopOf {
		eidx[d] = fmt.Sprintf("e%d", d)
		k.line(depth, "const i64 %s = %s;", eidx[d], idx[pd])
	}
	// Temporaries numbered apart from the producer's body's.
	bc := &bodyCompiler{k: k, names: map[*ir.Value]string{}, idx: eidx, loops: len(eidx), depth: depth, next: 1000}
	for q, o := range e.ops {
		if o.arg == nil {
			continue
		}
		name := fmt.Sprintf("ea%d", q)
		v := o.el.load(o.buf, o.offset(eidx))
		if q == e.readsOut && out != "" {
			v = out
		}
		k.line(depth, "const %s %s = %s;", o.el.reg, name, v)
		bc.names[o.arg] = name
	}
	yield, err := bc.compile(e.body)
	if err != nil {
		return err
	}
	nIn := len(e.step.Inputs)
	if len(yield) != len(e.step.Outputs) {
		return ir.OpErrorf(op, "linalg.yield has %d values for %d outputs", len(yield), len(e.step.Outputs))
	}
	vals := make([]string, len(yield))
	for j, y := range yield {
		if ye, err := elemOf(y.Type()); err != nil || ye.float != e.ops[nIn+j].el.float {
			return ir.OpErrorf(op, "yielded value %d of type %s does not match output type %s", j, y.Type(), e.step.Outputs[j].Buf.Elem)
		}
		if vals[j], err = bc.value(op, y); err != nil {
			return err
		}
		k.line(depth, "const %s ey%d = %s;", e.ops[nIn+j].el.reg, j, vals[j])
	}
	for j := range yield {
		o := e.ops[nIn+j]
		if e.cell != nil && e.cell.out == j {
			k.line(depth, "%s", e.cell.storeOrigin(o, o.offset(eidx), fmt.Sprintf("ey%d", j)))
			e.cell.emitZeros(k, depth, o, o.offset(eidx), eidx)
			continue
		}
		k.line(depth, "%s", o.el.store(o.buf, o.offset(eidx), fmt.Sprintf("ey%d", j)))
	}
	k.line(depth-1, "}")
	return nil
}

// withElems is elems with the epilogue's buffers added (nil e: elems).
func (e *epilogue) withElems(elems map[*plan.Buffer]elem) map[*plan.Buffer]elem {
	if e == nil {
		return elems
	}
	m := make(map[*plan.Buffer]elem, len(elems)+len(e.elems))
	for b, x := range elems {
		m[b] = x
	}
	for b, x := range e.elems {
		m[b] = x
	}
	return m
}
