package cpu

import (
	"sync/atomic"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// The gather-rows path. A gather by run-time positions (index.Tensor,
// index_select, embedding; torch.export writes reflection and
// replication pads as per-dim index.Tensor gathers too) is a generic
// whose body reads a captured tensor with tensor.extract at coordinates
// some of which come from index tensors, the others straight from the
// loops: embedding's out[t, d] = weight[idx[t], d]. Run element by
// element, each element computes its coordinates again (25 ns an
// element in the lane program); but the coordinates from indices depend
// on a few loops only (t), and along the others (d) the elements are a
// row of the captured tensor. Here the body runs once for each point of
// the first loops, and the row is copied with its strides.
//
// The generic qualifies when its loops are all parallel, its output's
// map is a permutation of them, it yields a tensor.extract of a captured
// tensor directly, and at least one of the extract's coordinates is
// linalg.index d of a loop d (a row loop) that nothing else reads: no
// other coordinate's computation, no input's map, and whose extent fits
// the captured dim; and the captured tensor lies apart from the output
// (the rows are copied in another order than the elements were computed).
// The coordinates are range-checked by the extract itself, at each
// point's first element (the row loops at 0), and the rows' last
// elements by the extent check.

// gatherRowRuns counts the generics the gather-rows path ran (tests).
var gatherRowRuns atomic.Int64

// useGatherRows switches the gather-rows path (tests compare it with the
// body at each element).
var useGatherRows = true

// gatherRowForm is a gather's row form: the program (the body, with the
// registers of the extract's coordinates), the captured view, the
// row loops and the captured dim each reads, and the other loops.
type gatherRowForm struct {
	prog   *program
	coords []reg // per captured dim
	cap    *capture
	rows   []int // the row loops, in loop order
	rowDim []int // the captured dim each row loop reads
	points []int // the other loops
	size   int   // bytes an element
}

// matchGatherRows returns k's row form, or nil; caps are the step's
// captured tensors.
func matchGatherRows(k *kernel, g *genericInfo, caps map[*ir.Value]*capture) *gatherRowForm {
	if !useGatherRows || len(caps) == 0 || len(k.ops)-k.nIn != 1 {
		return nil
	}
	for _, it := range g.iters {
		if it != linalg.Parallel {
			return nil
		}
	}
	out := g.maps[k.nIn]
	seen := make([]bool, len(g.iters))
	for _, e := range out.Results {
		d, ok := e.AsDim()
		if !ok || seen[d] {
			return nil
		}
		seen[d] = true
	}
	if len(out.Results) != len(g.iters) {
		return nil
	}
	body := g.body
	y := body.Last()
	if y == nil || y.Name != linalg.Yield || y.NumOperands() != 1 {
		return nil
	}
	ex := y.Operand(0).DefiningOp()
	if ex == nil || ex.Name != tensor.Extract || ex.Block() != body {
		return nil
	}
	c := caps[ex.Operand(0)]
	if c == nil || c.acc.kind != k.ops[k.nIn].acc.kind || ex.NumOperands()-1 != len(c.view.Shape) || overlaps(c.acc.mem, k.ops[k.nIn].mem) {
		return nil
	}
	// The loops read other than as a coordinate of their own: by an
	// input, or by an op of the body other than the extract.
	used := make([]bool, len(g.iters))
	for i := 0; i < k.nIn; i++ {
		for d, coef := range k.ops[i].coef {
			used[d] = used[d] || coef != 0
		}
	}
	// A loop read directly by two coordinates is no row loop.
	direct := map[*ir.Operation]bool{}
	directOf := make([]int, len(g.iters))
	for j := 1; j < ex.NumOperands(); j++ {
		if o := ex.Operand(j).DefiningOp(); o != nil && o.Block() == body && o.Name == linalg.Index && ex.Operand(j).HasOneUse() {
			if d, ok := plan.LoopIndex(o.Result(0), body); ok {
				direct[o] = true
				directOf[d]++
			}
		}
	}
	for d, n := range directOf {
		used[d] = used[d] || n > 1
	}
	for o := body.First(); o != nil; o = o.Next() {
		if o.Name == linalg.Index && !direct[o] {
			if d, ok := plan.LoopIndex(o.Result(0), body); ok {
				used[d] = true
			}
		}
	}
	gr := &gatherRowForm{cap: c, size: c.acc.kind.size()}
	rowDim := make([]int, len(g.iters))
	for d := range rowDim {
		rowDim[d] = -1
	}
	for j := 1; j < ex.NumOperands(); j++ {
		o := ex.Operand(j).DefiningOp()
		if o == nil || !direct[o] {
			continue
		}
		d, ok := plan.LoopIndex(o.Result(0), body)
		if !ok || used[d] || rowDim[d] >= 0 || k.ext[d] > c.view.Shape[j-1] {
			continue
		}
		rowDim[d] = j - 1
	}
	for d, cd := range rowDim {
		if cd >= 0 {
			gr.rows, gr.rowDim = append(gr.rows, d), append(gr.rowDim, cd)
		} else {
			gr.points = append(gr.points, d)
		}
	}
	if len(gr.rows) == 0 {
		return nil
	}
	var err error
	gr.prog, gr.coords, err = compileBodyRegs(k.op, body, len(g.iters), caps, ex.Operands()[1:])
	if err != nil {
		return nil
	}
	return gr
}

// run runs the body at each point of the point loops (the row loops at
// 0) and copies the rows its coordinates start.
func (gr *gatherRowForm) run(k *kernel) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(k.op, "cpu: %v", r)
		}
	}()
	gatherRowRuns.Add(1)
	fr := gr.prog.newFrame(len(k.ext))
	gr.point(k, fr, 0)
	return nil
}

func (gr *gatherRowForm) point(k *kernel, fr *frame, p int) {
	if p < len(gr.points) {
		d := gr.points[p]
		for i := int64(0); i < k.ext[d]; i++ {
			fr.idx[d] = i
			gr.point(k, fr, p+1)
		}
		return
	}
	for i := 0; i < k.nIn; i++ {
		op := &k.ops[i]
		at := op.base
		for _, d := range gr.points {
			at += op.coef[d] * fr.idx[d]
		}
		op.acc.loadInto(fr, gr.prog.args[i], at)
	}
	for _, c := range gr.prog.code {
		c(fr)
	}
	v := gr.cap.view
	src := v.Offset
	for j, r := range gr.coords {
		src += fr.i[r.idx] * v.Strides[j]
	}
	out := &k.ops[k.nIn]
	dst := out.base
	for _, d := range gr.points {
		dst += out.coef[d] * fr.idx[d]
	}
	gr.copyRows(k, 0, src, dst)
}

// copyRows copies the row loops from the r-th on: the source steps by
// the captured dims' strides, the output by its coefficients.
func (gr *gatherRowForm) copyRows(k *kernel, r int, src, dst int64) {
	d, cd := gr.rows[r], gr.rowDim[r]
	ss, sd := gr.cap.view.Strides[cd], k.ops[k.nIn].coef[d]
	if r < len(gr.rows)-1 {
		for i := int64(0); i < k.ext[d]; i++ {
			gr.copyRows(k, r+1, src+i*ss, dst+i*sd)
		}
		return
	}
	n, sm, dm := k.ext[d], gr.cap.acc.mem, k.ops[k.nIn].mem
	if ss == 1 && sd == 1 {
		es := int64(gr.size)
		copy(dm[dst*es:(dst+n)*es], sm[src*es:(src+n)*es])
		return
	}
	switch gr.size {
	case 1:
		copyRun(dm, sm, n, sd, ss, dst, src)
	case 2:
		copyRun(typed[uint16](dm), typed[uint16](sm), n, sd, ss, dst, src)
	case 4:
		copyRun(typed[uint32](dm), typed[uint32](sm), n, sd, ss, dst, src)
	default:
		copyRun(typed[uint64](dm), typed[uint64](sm), n, sd, ss, dst, src)
	}
}
