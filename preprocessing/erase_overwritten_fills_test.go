package preprocessing_test

import (
	"testing"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
)

// erase-overwritten-fills drops zeros that nothing reads: every f16/bf16
// convolution_backward of the e2e suite gives the same bits with it, and
// the fills it drops are exactly those that a count done here element by
// element finds written once each by their insert_slice chain (so a
// wrong cover cannot hide behind the CPU's zeroed results). It fires on
// the 3x3 stride-2 cases.
func TestEraseOverwrittenFillsBitIdentical(t *testing.T) {
	const before = "decompose-strided-backward-data,swap-strided-insert-slice-with-contraction,swap-cast-with-insert-slice-chain"
	fills := func(m *ir.Operation) int {
		return countOps(m, func(o *ir.Operation) bool { return o.Name == linalg.Fill })
	}
	checkBitIdentical16(t, before, before+",erase-overwritten-fills", func(mb, ma *ir.Operation) bool {
		erased, covered := fills(mb)-fills(ma), countOps(mb, coveredByCasts)
		if erased != covered {
			t.Errorf("the pass erased %d fills; %d are covered element by element", erased, covered)
		}
		return erased > 0
	})
}

// coveredByCasts reports whether op is a linalg.fill whose result a chain
// of insert_slices of cast results (linalg.generic with parallel loops
// only), each link used once, writes element by element, each element
// once, before anything else reads it.
func coveredByCasts(op *ir.Operation) bool {
	if op.Name != linalg.Fill {
		return false
	}
	t, ok := op.Result(0).Type().(ir.RankedTensorType)
	if !ok {
		return false
	}
	strides := make([]int64, len(t.Shape))
	n := int64(1)
	for d := len(t.Shape) - 1; d >= 0; d-- {
		strides[d] = n
		n *= t.Shape[d]
	}
	writes := make([]int, n)
	left := n
	for v := op.Result(0); ; {
		uses := v.Uses()
		if len(uses) != 1 || uses[0].Index() != 1 || uses[0].Owner().Name != tensor.InsertSlice {
			return false
		}
		s := uses[0].Owner()
		if g := s.Operand(0).DefiningOp(); g == nil || g.Name != linalg.Generic || linalg.HasReduction(g) {
			return false
		}
		offsets, sizes, steps := tensor.StaticSliceParams(s)
		idx := make([]int64, len(sizes))
		for ir.NumElements(sizes) > 0 {
			e := int64(0)
			for d := range idx {
				e += (offsets[d] + idx[d]*steps[d]) * strides[d]
			}
			if writes[e]++; writes[e] > 1 {
				return false
			}
			left--
			d := len(idx) - 1
			for ; d >= 0; d-- {
				if idx[d]++; idx[d] < sizes[d] {
					break
				}
				idx[d] = 0
			}
			if d < 0 {
				break
			}
		}
		if left == 0 {
			return true
		}
		v = s.Result(0)
	}
}
