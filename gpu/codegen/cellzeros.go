package codegen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/plan"
)

// Zeros written by the epilogue. A 1x1 stride-s data gradient is one
// phase: its epilogue writes every s-th element of each spatial dim of
// the output, after a fill has zeroed all of it. On a GPU the fill is a
// whole extra pass over the output (for the compute-bound seeds' rows
// about a fifth of the kernel time) and the phase's stores are strided.
// Instead, the thread that stores the phase's element at cell origin
// (h·s, w·s) also stores the zeros of the rest of its s×s cell, and the
// fill has no kernel: the output is written once, each cell by one
// thread, and every element gets the same bits as before.

// cellZeros is a fill whose zeros an epilogue writes, cell by cell.
type cellZeros struct {
	fill int // the fill step's index
	out  int // the epilogue's output that lies in the filled buffer
	// cell[d] is the cell's extent along the epilogue's loop d (the
	// output view's stride over the buffer's), bufStride[d] the buffer's
	// element stride and bufExt[d] its extent there.
	cell, bufStride, bufExt []int64
	// emitted is set when a kernel wrote the zeros (the epilogue was
	// fused): only then is the fill's kernel dropped.
	emitted bool
}

// maxCell bounds the elements of a cell: each is a store in the
// epilogue.
const maxCell = 16

// findCellZeros maps each epilogue step whose fill it can take over to
// what it writes. The conditions:
//   - a fill F of +0 bits covers all of buffer B (a result or temporary);
//   - the next step that touches B is an epilogue E, which writes one view
//     V of B and does not read it (its body ignores the output);
//   - V starts at B's first element, has B's rank, and along each dim its
//     stride is c_d ≥ 1 times B's, with (V_d − 1)·c_d < B_d ≤ V_d·c_d: the
//     cells of V's elements tile B;
//   - a cell has at most maxCell elements.
func findCellZeros(p *plan.Plan) map[*plan.Step]*cellZeros {
	var out map[*plan.Step]*cellZeros
	for f, s := range p.Steps {
		if s.Kind != plan.StepFill || len(s.Outputs) != 1 || !s.Outputs[0].IsWhole() || !plan.ZeroBits(s.Value) {
			continue
		}
		b := s.Outputs[0].Buf
		if b.Kind != plan.Result && b.Kind != plan.Temporary {
			continue
		}
		e := nextToucher(p, f, b)
		if e < 0 || !p.Steps[e].Epilogue {
			continue
		}
		if c := cellsOf(p.Steps[e], b); c != nil {
			c.fill = f
			if out == nil {
				out = map[*plan.Step]*cellZeros{}
			}
			out[p.Steps[e]] = c
		}
	}
	return out
}

// nextToucher is the index of the first step after f with a view of b,
// -1 if none.
func nextToucher(p *plan.Plan, f int, b *plan.Buffer) int {
	onB := func(v plan.View) bool { return v.Buf == b }
	for i := f + 1; i < len(p.Steps); i++ {
		s := p.Steps[i]
		if slices.ContainsFunc(s.Inputs, onB) || slices.ContainsFunc(s.Outputs, onB) ||
			slices.ContainsFunc(s.Captures, func(c plan.Capture) bool { return onB(c.View) }) {
			return i
		}
	}
	return -1
}

// cellsOf checks findCellZeros's conditions on epilogue e and buffer b.
func cellsOf(e *plan.Step, b *plan.Buffer) *cellZeros {
	for _, v := range e.Inputs {
		if v.Buf == b {
			return nil
		}
	}
	body := linalg.Body(e.Op)
	if body == nil || len(body.Args()) != len(e.Inputs)+len(e.Outputs) {
		return nil
	}
	j := -1
	for q, v := range e.Outputs {
		if v.Buf == b {
			if j >= 0 || body.Arg(len(e.Inputs)+q).HasUses() {
				return nil
			}
			j = q
		}
	}
	if j < 0 {
		return nil
	}
	v := e.Outputs[j]
	if len(v.Dyn) > 0 || v.Offset != 0 || len(v.Shape) != len(b.Shape) {
		return nil
	}
	c := &cellZeros{out: j, cell: make([]int64, len(b.Shape)), bufStride: plan.ContiguousStrides(b.Shape), bufExt: b.Shape}
	cells := int64(1)
	for d := range b.Shape {
		cd := int64(1)
		if v.Shape[d] > 1 {
			if v.Strides[d] <= 0 || v.Strides[d]%c.bufStride[d] != 0 {
				return nil
			}
			cd = v.Strides[d] / c.bufStride[d]
		}
		if (v.Shape[d]-1)*cd >= b.Shape[d] || b.Shape[d] > v.Shape[d]*cd {
			return nil
		}
		c.cell[d] = cd
		if cells *= cd; cells > maxCell {
			return nil
		}
	}
	if cells == 1 {
		return nil // V is all of B: the epilogue overwrites it anyway
	}
	return c
}

// paired reports whether o's cells are stored a 32-bit word at a time:
// 16-bit floats in cells two elements wide along the buffer's rows, rows
// of even length. Then every cell's origin is 4-byte aligned (the view
// starts at the buffer's first element, and every stride but the last is
// a multiple of the row) and its zero neighbour is in the same row, so
// the origin's value and that zero are one store (tl_st2) and the cell's
// other zeros go two to a store: half the store instructions of an
// element each. The stride-2 1x1 data gradients' epilogues spent about
// a quarter of their kernels' time in those stores (ncu's warp stall
// samples on an H200), a warp's 2-byte stores each filling a quarter of
// the sectors it touched.
func (c *cellZeros) paired(o *operand) bool {
	last := len(c.cell) - 1
	return o.el.bits16("") != "" && c.cell[last] == 2 && c.bufExt[last]%2 == 0
}

// storeOrigin is the statement storing the epilogue's value v (a
// register) of output o at offset off: with the zero after it when
// paired, else alone.
func (c *cellZeros) storeOrigin(o *operand, off, v string) string {
	if !c.paired(o) {
		return o.el.store(o.buf, off, v)
	}
	return fmt.Sprintf("tl_st2(%s + (%s), %s, 0);", o.buf, off, o.el.bits16(v))
}

// emitZeros writes, after the epilogue stored element eidx of its output
// o at offset off (storeOrigin), the zeros of the rest of that element's
// cell, each guarded where the last cell of a dim reaches past the
// buffer; when paired, the zeros the origin's store did not write, two
// to a store.
func (c *cellZeros) emitZeros(k *kernelBuilder, depth int, o *operand, off string, eidx []string) {
	k.line(depth, "// the zeros of the rest of its cell: the output's fill has no kernel")
	paired := c.paired(o)
	delta := make([]int64, len(c.cell))
	for {
		// Next cell position (odometer), skipping the origin.
		d := len(delta) - 1
		for ; d >= 0; d-- {
			if delta[d]++; delta[d] < c.cell[d] {
				break
			}
			delta[d] = 0
		}
		if d < 0 {
			break
		}
		if paired && delta[len(delta)-1] == 1 {
			continue // the second half of a pair
		}
		lin := int64(0)
		var guards []string
		for d, x := range delta {
			lin += x * c.bufStride[d]
			if x > 0 && c.bufExt[d]%c.cell[d] != 0 {
				guards = append(guards, fmt.Sprintf("%s * %dll + %d < %dll", eidx[d], c.cell[d], x, c.bufExt[d]))
			}
		}
		st := o.el.store(o.buf, fmt.Sprintf("(%s) + %d", off, lin), "0")
		if paired {
			st = fmt.Sprintf("tl_st2(%s + (%s) + %d, 0, 0);", o.buf, off, lin)
		}
		if len(guards) > 0 {
			st = "if (" + strings.Join(guards, " && ") + ") " + st
		}
		k.line(depth, "%s", st)
	}
	c.emitted = true
}
