// Package preprocessing holds the linalg-level passes that rewrite the
// strided scatter a backward-data convolution lowers to, so that no zero it
// scatters is ever multiplied (conv-backward.md, "The preprocessing
// passes"). Every pass matches both zero-destination spellings,
// `arith.constant dense<0>` and `linalg.fill(0)` of a `tensor.empty`, and
// is a no-op where its pattern does not match.
package preprocessing

import "github.com/torchlower/torchlower/ir/pass"

// Passes returns the passes of this package, for a pass.Registry.
func Passes() []*pass.Def {
	return []*pass.Def{StridedInsertSliceToGeneric, SwapStridedInsertSliceWithContraction, DecomposeStridedBackwardData, SwapCastWithInsertSliceChain, EraseOverwrittenFills, FuseElementwiseOps, ReductionLastOperands, FoldTransposesIntoContractions, FPContract}
}
