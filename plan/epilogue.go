package plan

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// markEpilogues forms dispatches: an elementwise generic that consumes,
// element for element, the result of the contraction just before it (the
// bias add, ReLU or truncf after a convolution or a matmul) becomes that
// contraction's epilogue (Step.Epilogue). A backend may then apply it to
// each output tile of the producer as soon as the tile is final, while
// the tile is still in registers or cache (one kernel on a GPU), instead
// of as a separate pass over memory; running the two steps one after the
// other stays correct, so a backend that does not fuse ignores the flag.
//
// Pre: steps are final (after pruneUnused), buffers not yet placed.
// Post: Epilogue is set on each consumer C whose predecessor P (empty
// steps between them are moved before P) satisfies:
//   - P is a generic with a reduction loop and one output view O, whose
//     indexing map is a permutation of P's parallel loops;
//   - C is a generic whose loops are all parallel, with one output,
//     identity maps for its output and for exactly one input, whose view
//     is O itself, no captures and no linalg.index or tensor.extract;
//   - no other operand of C lies in O's buffer except an output that is O
//     itself (an in-place update), and C writes no buffer P reads.
//
// Liveness then treats C's buffers as touched from P's index on, since a
// fused C writes while P still reads.
func (p *Plan) markEpilogues() {
	for i := 1; i < len(p.Steps); i++ {
		c := p.Steps[i]
		j := i - 1
		for j >= 0 && p.Steps[j].Kind == StepEmpty {
			j--
		}
		if j < 0 || !IsEpilogueOf(p.Steps[j], c) {
			continue
		}
		// Move the empties between P and C before P.
		if j < i-1 {
			prod := p.Steps[j]
			copy(p.Steps[j:i-1], p.Steps[j+1:i])
			p.Steps[i-1] = prod
		}
		c.Epilogue = true
	}
}

// IsEpilogueOf reports whether c can be the epilogue of prod, as
// markEpilogues requires; a backend checks it before fusing a step a
// loaded module marks.
func IsEpilogueOf(prod, c *Step) bool {
	if prod.Kind != StepGeneric || c.HasDynamicViews() || prod.HasDynamicViews() || c.Kind != StepGeneric || prod.Epilogue || len(prod.Outputs) != 1 || len(c.Outputs) != 1 || len(c.Captures) > 0 {
		return false
	}
	// A loaded module checks every epilogue it marks: the lists go in
	// arrays of this frame.
	var pi, ci [8]string
	var pm, cm [8]affine.Map
	pIters, cIters := linalg.IteratorTypesInto(prod.Op, pi[:]), linalg.IteratorTypesInto(c.Op, ci[:])
	pMaps, cMaps := linalg.IndexingMapsInto(prod.Op, pm[:]), linalg.IndexingMapsInto(c.Op, cm[:])
	if pIters == nil || cIters == nil || len(pMaps) != len(prod.Inputs)+1 || len(cMaps) != len(c.Inputs)+1 {
		return false
	}
	if !slices.Contains(pIters, linalg.Reduction) {
		return false
	}
	for _, it := range cIters {
		if it != linalg.Parallel {
			return false
		}
	}
	// P's output map: each parallel loop once.
	var seenBuf [8]bool
	seen := seenBuf[:0]
	if len(pIters) > len(seenBuf) {
		seen = make([]bool, 0, len(pIters))
	}
	seen = seen[:len(pIters)]
	for _, e := range pMaps[len(prod.Inputs)].Results {
		d, ok := e.AsDim()
		if !ok || seen[d] || pIters[d] != linalg.Parallel {
			return false
		}
		seen[d] = true
	}
	for d, it := range pIters {
		if it == linalg.Parallel && !seen[d] {
			return false
		}
	}
	o := prod.Outputs[0]
	if !cMaps[len(c.Inputs)].IsIdentity() || !slices.Equal(c.Outputs[0].Shape, o.Shape) {
		return false
	}
	reads := -1
	for k, in := range c.Inputs {
		if in.Buf != o.Buf {
			continue
		}
		if reads >= 0 || !in.Same(o) || !cMaps[k].IsIdentity() {
			return false
		}
		reads = k
	}
	if reads < 0 {
		return false
	}
	if out := c.Outputs[0]; out.Buf == o.Buf && !out.Same(o) {
		return false
	}
	for _, v := range prod.Inputs {
		if v.Buf == c.Outputs[0].Buf {
			return false
		}
	}
	for _, cp := range prod.Captures {
		if cp.View.Buf == c.Outputs[0].Buf {
			return false
		}
	}
	plain := true
	c.Op.Walk(ir.PreOrder, func(x *ir.Operation) {
		if x.Name == "linalg.index" || x.Name == "tensor.extract" {
			plain = false
		}
	})
	return plain
}

// Same reports whether v and w are the same static window of the same
// buffer.
func (v View) Same(w View) bool {
	return v.Buf == w.Buf && v.Offset == w.Offset && len(v.Dyn) == 0 && len(w.Dyn) == 0 && slices.Equal(v.Shape, w.Shape) && slices.Equal(v.Strides, w.Strides)
}
