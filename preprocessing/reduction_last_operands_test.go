package preprocessing_test

import (
	"testing"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
)

// reduction-last-operands changes where a factor's elements lie, not
// which are read: every f16/bf16 convolution_backward of the e2e suite
// gives the same bits with it after the GPU's default pipeline as
// without it, and it fires (some linalg.transpose feeds a contraction
// that had none) on the strided and the unstrided ones.
func TestReductionLastOperandsBitIdentical(t *testing.T) {
	const before = "backward-data-conv,fuse-elementwise-ops"
	transposes := func(m *ir.Operation) int {
		return countOps(m, func(o *ir.Operation) bool { return o.Name == linalg.Transpose })
	}
	checkBitIdentical16(t, before, before+",reduction-last-operands", func(mb, ma *ir.Operation) bool {
		return transposes(ma) > transposes(mb)
	})
}
