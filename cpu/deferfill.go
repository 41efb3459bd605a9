package cpu

import (
	"sync/atomic"

	"github.com/torchlower/torchlower/plan"
)

// Zero fills left to the contraction. A convolution's output is planned
// as a zero fill of its buffer and then the contraction, zero on entry
// (plan.ZeroOnEntry): the vector paths start their tiles at zero and
// never read the output, so the fill only wrote 6.4 MB (8x64x56x56) that
// the tiles then overwrote, about 0.35 ms a convolution. When the fill
// is followed by such a contraction over the whole buffer, the run
// defers it to the contraction's kernel (kernel.zeroOut): the paths that
// write every output element without reading it (vecGEMM, column
// windows) drop it, and every other path, or a kernel that is not a
// contraction, runs it first.

// deferredFill returns the step that step i's fill can be deferred to,
// or -1: step i fills a whole buffer with zero bits, and the next step
// that is not StepEmpty is a generic, zero on entry, whose one output is
// the whole of that buffer and which reads nothing of it; no dynamic
// views.
func deferredFill(p *plan.Plan, i int) int {
	f := p.Steps[i]
	if !useDeferredFills || f.Kind != plan.StepFill || len(f.Outputs) != 1 || f.HasDynamicViews() || !f.Outputs[0].IsWhole() ||
		!isZeroBits(f.Value, f.Outputs[0].Buf.Elem) {
		return -1
	}
	buf := f.Outputs[0].Buf
	j := i + 1
	for j < len(p.Steps) && p.Steps[j].Kind == plan.StepEmpty {
		j++
	}
	if j == len(p.Steps) {
		return -1
	}
	g := p.Steps[j]
	if g.Kind != plan.StepGeneric || !p.ZeroOnEntry(j) || g.HasDynamicViews() || len(g.Outputs) != 1 ||
		g.Outputs[0].Buf != buf || !g.Outputs[0].IsWhole() {
		return -1
	}
	for _, v := range g.Inputs {
		if v.Buf == buf {
			return -1
		}
	}
	for _, c := range g.Captures {
		if c.View.Buf == buf {
			return -1
		}
	}
	return j
}

// useDeferredFills switches deferred fills (tests and benchmarks
// compare); deferredFills counts the fills deferred, deferredFillsRun
// those that ran after all (tests).
var (
	useDeferredFills = true
	deferredFills    atomic.Int64
	deferredFillsRun atomic.Int64
)

// zeroOutput runs the fill deferred to k, if any (once).
func (k *kernel) zeroOutput() error {
	if k.zeroOut == nil {
		return nil
	}
	f := k.zeroOut
	k.zeroOut = nil
	deferredFillsRun.Add(1)
	return f()
}
