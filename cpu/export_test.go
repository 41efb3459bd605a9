package cpu

import (
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// SetFastContractions turns the contraction fast path on or off and
// returns the previous setting (tests compare it with the interpreter).
func SetFastContractions(on bool) bool { return fastContractions.Swap(on) }

// FastRuns is the number of steps the fast path has run.
func FastRuns() int64 { return fastRuns.Load() }

// FusedEpilogues is the number of epilogues run inside a contraction.
func FusedEpilogues() int64 { return fusedEpilogues.Load() }

// HaveVectorKernel reports whether the AVX tile kernel is in use.
func HaveVectorKernel() bool { return haveAVX && useVec }

// SetKernels picks the contraction kernels (vector, packed scalar) and
// returns a function that restores the previous choice.
func SetKernels(vec, direct, packed bool) (restore func()) {
	v, d, p := useVec, useDirect, usePacked
	useVec, useDirect, usePacked = vec, direct, packed
	return func() { useVec, useDirect, usePacked = v, d, p }
}

// FastSteps reports, per generic step of p, whether the fast path takes it.
func FastSteps(p *plan.Plan, args []*runtime.Tensor) []bool {
	var r []bool
	for _, s := range p.Steps {
		if s.Kind != plan.StepGeneric {
			continue
		}
		k, err := newKernel(s, func(b *plan.Buffer) ([]byte, error) { return alignedBytes(b.Bytes()), nil })
		r = append(r, err == nil && k.fast != nil)
	}
	return r
}
