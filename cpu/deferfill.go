package cpu

import (
	"sync/atomic"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// Zero fills left to the contraction. A convolution's output is planned
// as a zero fill of its buffer and then the contraction, zero on entry
// (plan.ZeroOnEntry): the vector paths start their tiles at zero and
// never read the output, so the fill only wrote 6.4 MB (8x64x56x56) that
// the tiles then overwrote, about 0.35 ms a convolution. When the fill
// is followed by such a contraction over the whole buffer, or by several
// whose windows partition it (a strided data gradient's regions), the
// run defers it to the contractions' kernels (kernel.zeroOut): the paths
// that write every output element without reading it (vecGEMM, column
// windows, the one-column path) drop it, and every other path, or a
// kernel that is not a contraction, runs it first (partedFill).

// deferredFill returns the steps that step i's fill can be deferred to,
// or nil: step i fills a whole buffer with zero bits, and the next steps
// that are not StepEmpty are generics, zero on entry, each with one
// output, a static view of that buffer that holds no element twice,
// reading nothing of it, whose views are disjoint and together hold
// every element of the buffer: one step whose view is the whole buffer
// (a convolution's output), or several windows (the phases and edge
// regions of a decomposed strided data gradient, each accumulating into
// its own window of the gradient: the fill was 2% of a 3x3 stride-2 one
// into 8x128x28x28). Only a step that takes a path reading its view
// zeroes anything first (partedFill.zero).
func deferredFill(p *plan.Plan, i int) []int {
	f := p.Steps[i]
	if !useDeferredFills || f.Kind != plan.StepFill || len(f.Outputs) != 1 || f.HasDynamicViews() || !f.Outputs[0].IsWhole() ||
		!isZeroBits(f.Value, f.Outputs[0].Buf.Elem) {
		return nil
	}
	buf := f.Outputs[0].Buf
	total, covered := buf.NumElements(), int64(0)
	var parts []int
	for j := i + 1; j < len(p.Steps) && covered < total; j++ {
		if p.Steps[j].Kind == plan.StepEmpty {
			continue
		}
		if !writesPart(p, j, buf) {
			return nil
		}
		v := p.Steps[j].Outputs[0]
		for _, k := range parts {
			if plan.MayAlias(p.Steps[k].Outputs[0], v) {
				return nil
			}
		}
		parts = append(parts, j)
		covered += v.NumElements()
	}
	if covered != total {
		return nil
	}
	return parts
}

// writesPart reports whether step j is a generic, zero on entry, whose
// one output is a static view of buf holding no element twice, and
// which reads nothing of buf.
func writesPart(p *plan.Plan, j int, buf *plan.Buffer) bool {
	g := p.Steps[j]
	if g.Kind != plan.StepGeneric || !p.ZeroOnEntry(j) || g.HasDynamicViews() || len(g.Outputs) != 1 ||
		g.Outputs[0].Buf != buf || !g.Outputs[0].Distinct() {
		return false
	}
	for _, v := range g.Inputs {
		if v.Buf == buf {
			return false
		}
	}
	for _, c := range g.Captures {
		if c.View.Buf == buf {
			return false
		}
	}
	return true
}

// useDeferredFills switches deferred fills (tests and benchmarks
// compare); deferredFills counts the zero fills deferred,
// deferredFillsRun those that ran after all (in whole or in part), and
// splitFills the fills deferred to more than one step (tests).
var (
	useDeferredFills = true
	deferredFills    atomic.Int64
	deferredFillsRun atomic.Int64
	splitFills       atomic.Int64
)

// zeroOutput runs the fill deferred to k, if any (once).
func (k *kernel) zeroOutput() error {
	if k.zeroOut == nil {
		return nil
	}
	f := k.zeroOut
	k.zeroOut = nil
	return f()
}

// deferredZero is a zero fill deferred to a step (deferredFill), which
// writes the part of its buffer that is the step's output.
type deferredZero struct {
	step int
	fill *partedFill
}

// partedFill is a zero fill deferred to the steps that write its buffer
// (whole) in parts. A step that takes a path reading its output zeroes
// it first: the whole buffer at once, one contiguous fill, when no part
// has run yet (started), after which the others start from zeros as
// planned (done); its own view otherwise (the regions of a depthwise
// data gradient, which all read their windows, zeroed window by window
// in strided fills, took 3.5 ms more of a MobileNet-like step).
type partedFill struct {
	whole         plan.View
	value         ir.Attribute
	started, done bool
	ran           bool // some of it ran (counted in deferredFillsRun)
}

// zero zeroes view, a part of f's buffer, before its step runs.
func (f *partedFill) zero(view plan.View, mem func(*plan.Buffer) ([]byte, error)) error {
	if !f.ran {
		f.ran = true
		deferredFillsRun.Add(1)
	}
	if !f.started {
		f.done = true
		view = f.whole
	}
	return fill(view, f.value, mem)
}
