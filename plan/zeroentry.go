package plan

import (
	"math"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
)

// markZeroOnEntry finds the steps whose output starts as zeros: an
// accumulation into it may then begin from zero in registers instead of
// reading the output first. The phases of a decomposed strided
// backward-data convolution are the case that matters: each accumulates
// into its own strided window of the data gradient, which one fill zeroed
// and no other phase touches, and reading those scattered windows back
// cost as much as a tenth of the phases' time.
//
// Pre: steps are final (Build after liveness, or a plan restored from a
// module).
// Post: zeroOnEntry[i] is true for a generic step i with a reduction loop
// and exactly one output view V, static, such that an earlier Fill step of a value whose bits are all
// zero (+0.0, integer 0) wrote the whole of V's buffer, and no step
// between them writes that buffer through a view that may share an
// element with V (mayOverlap; its budget answers "may"). False otherwise,
// which is always safe: the step then reads its output as it would
// anyway.
func (p *Plan) markZeroOnEntry() {
	p.zeroOnEntry = make([]bool, len(p.Steps))
	// writers[b.ID] are the steps so far that write buffer b, in order;
	// a buffer that is not p.Buffers[b.ID] (a plan built by hand) is kept
	// in others.
	writers := make([][]int, len(p.Buffers))
	var others map[*Buffer]*[]int
	of := func(b *Buffer) *[]int {
		if b.ID >= 0 && b.ID < len(p.Buffers) && p.Buffers[b.ID] == b {
			return &writers[b.ID]
		}
		if others == nil {
			others = map[*Buffer]*[]int{}
		}
		if others[b] == nil {
			others[b] = new([]int)
		}
		return others[b]
	}
	for i, s := range p.Steps {
		if len(s.Outputs) == 1 && s.Kind == StepGeneric && accumulates(s) {
			p.zeroOnEntry[i] = p.zeroBefore(s.Outputs[0], *of(s.Outputs[0].Buf))
		}
		if s.Kind == StepEmpty {
			continue
		}
		for _, v := range s.Outputs {
			ws := of(v.Buf)
			*ws = append(*ws, i)
		}
	}
}

// accumulates reports whether s is a generic with a reduction loop: one
// that folds into its output, the only kind a backend starts from zero.
// Elementwise steps are skipped: most steps of a training graph, whose
// analysis a compiled module's start-up would pay for nothing.
func accumulates(s *Step) bool {
	return s.Op != nil && linalg.HasReduction(s.Op)
}

// zeroBefore reports whether v holds zeros after the steps ws (the
// writers of its buffer, in order).
func (p *Plan) zeroBefore(v View, ws []int) bool {
	if len(v.Dyn) > 0 {
		return false
	}
	for k := len(ws) - 1; k >= 0; k-- {
		s := p.Steps[ws[k]]
		for _, w := range s.Outputs {
			if w.Buf != v.Buf {
				continue
			}
			if s.Kind == StepFill && w.IsWhole() {
				return zeroBits(s.Value)
			}
			if mayOverlap(w, v) {
				return false
			}
		}
	}
	return false
}

// zeroBits reports whether a fill value is stored as all-zero bits.
func zeroBits(a ir.Attribute) bool {
	switch a := a.(type) {
	case ir.FloatAttr:
		return math.Float64bits(a.Value) == 0
	case ir.IntegerAttr:
		return a.Value == 0
	}
	return false
}

// ZeroOnEntry reports whether step i's one output holds zeros (all bits
// zero) in every element when the step starts (markZeroOnEntry), so a
// backend may start its accumulators at zero rather than read them: the
// same bits. False for a plan built by hand.
func (p *Plan) ZeroOnEntry(i int) bool {
	return i >= 0 && i < len(p.zeroOnEntry) && p.zeroOnEntry[i]
}
