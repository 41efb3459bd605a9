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
	// The writes so far form one chain per buffer, newest first (a
	// compiled module's start-up runs this, so it is two arrays rather
	// than a list per buffer): newest[slot] is the newest write of the
	// buffer in that slot (its index in writes plus one; 0: none), and
	// each write links to the one before. A buffer's slot is its ID; one
	// that is not p.Buffers[ID] (a plan built by hand) gets a slot after
	// them.
	newest := make([]int32, len(p.Buffers))
	var others map[*Buffer]int
	slot := func(b *Buffer) int {
		if b.ID >= 0 && b.ID < len(p.Buffers) && p.Buffers[b.ID] == b {
			return b.ID
		}
		if others == nil {
			others = map[*Buffer]int{}
		}
		i, ok := others[b]
		if !ok {
			i = len(newest)
			newest = append(newest, 0)
			others[b] = i
		}
		return i
	}
	writes := make([]bufferWrite, 0, len(p.Steps))
	for i, s := range p.Steps {
		// zeroBefore first: most outputs have no write before them, and it
		// says so at once, while accumulates reads the op's iterators.
		if len(s.Outputs) == 1 && s.Kind == StepGeneric {
			p.zeroOnEntry[i] = p.zeroBefore(s.Outputs[0], writes, newest[slot(s.Outputs[0].Buf)]) && accumulates(s)
		}
		if s.Kind == StepEmpty {
			continue
		}
		for _, v := range s.Outputs {
			b := slot(v.Buf)
			writes = append(writes, bufferWrite{step: i, prev: newest[b]})
			newest[b] = int32(len(writes))
		}
	}
}

// bufferWrite is a step that writes a buffer, and the write of the same
// buffer before it (its index in the writes plus one; 0: none).
type bufferWrite struct {
	step int
	prev int32
}

// accumulates reports whether s is a generic with a reduction loop: one
// that folds into its output, the only kind a backend starts from zero.
// Elementwise steps are skipped: most steps of a training graph, whose
// analysis a compiled module's start-up would pay for nothing.
func accumulates(s *Step) bool {
	return s.Op != nil && linalg.HasReduction(s.Op)
}

// zeroBefore reports whether v holds zeros after the writes of its
// buffer, the chain in writes from w (newest first; markZeroOnEntry).
func (p *Plan) zeroBefore(v View, writes []bufferWrite, w int32) bool {
	if len(v.Dyn) > 0 {
		return false
	}
	for ; w != 0; w = writes[w-1].prev {
		s := p.Steps[writes[w-1].step]
		for _, w := range s.Outputs {
			if w.Buf != v.Buf {
				continue
			}
			if s.Kind == StepFill && w.IsWhole() {
				return ZeroBits(s.Value)
			}
			if mayOverlap(w, v) {
				return false
			}
		}
	}
	return false
}

// ZeroBits reports whether a fill value is stored as all-zero bits.
func ZeroBits(a ir.Attribute) bool {
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
