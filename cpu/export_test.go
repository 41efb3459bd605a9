package cpu

import (
	"maps"
	"slices"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// SetFastContractions turns the contraction fast path on or off and
// returns the previous setting (tests compare it with the interpreter).
func SetFastContractions(on bool) bool { return fastContractions.Swap(on) }

// SetParallelLaneWork sets the work below which the vector paths run on
// one goroutine and returns the previous setting.
func SetParallelLaneWork(w int64) int64 {
	prev := parallelLaneWork
	parallelLaneWork = w
	return prev
}

// SetScatter turns the scatter path on or off and returns the previous
// setting (tests compare it with the reduction it replaces).
func SetScatter(on bool) bool {
	prev := useScatter
	useScatter = on
	return prev
}

// ScatterRuns is the number of generics the scatter path has run, and
// ScatterRowRuns of those the ones that ran as typed rows.
func ScatterRuns() int64 { return scatterRuns.Load() }

func ScatterRowRuns() int64 { return scatterRowRuns.Load() }

// SetGatherRows turns the gather-rows path on or off and returns the
// previous setting.
func SetGatherRows(on bool) bool {
	prev := useGatherRows
	useGatherRows = on
	return prev
}

// GatherRowRuns is the number of generics the gather-rows path has run.
func GatherRowRuns() int64 { return gatherRowRuns.Load() }

// FastRuns is the number of steps the fast path has run.
func FastRuns() int64 { return fastRuns.Load() }

// SkippedFills is the number of zero fills runs skipped as writing
// zeros into fresh zeros.
func SkippedFills() int64 { return skippedFills.Load() }

// FusedEpilogues is the number of epilogues run inside a contraction.
func FusedEpilogues() int64 { return fusedEpilogues.Load() }

// HaveVectorKernel reports whether the AVX tile kernel is in use.
func HaveVectorKernel() bool { return haveAVX && useVec }

// Kernels is a choice of contraction kernels: the vector paths (4×16
// tiles; in place; narrow; one column; groups in the lanes) and the
// packed scalar tiles.
type Kernels struct{ Vec, AVX512, Direct, Narrow, OneColumn, GroupLanes, Packed bool }

// SetKernels picks the contraction kernels and returns a function that
// restores the previous choice.
func SetKernels(k Kernels) (restore func()) {
	old := Kernels{useVec, useAVX512, useDirect, useNarrow, useOneColumn, useGroupLanes, usePacked}
	set := func(k Kernels) {
		useVec, useAVX512, useDirect, useNarrow, useOneColumn, useGroupLanes, usePacked = k.Vec, k.AVX512, k.Direct, k.Narrow, k.OneColumn, k.GroupLanes, k.Packed
	}
	set(k)
	return func() { set(old) }
}

// HaveAVX512 reports whether the CPU has the AVX-512 tile kernels.
func HaveAVX512() bool { return haveAVX && haveAVX512 }

// AVX512Runs counts the vector-path calls that ran the AVX-512 kernels.
func AVX512Runs() int64 { return avx512Runs.Load() }

// FMARuns counts the contractions run with fused multiply-adds.
func FMARuns() int64 { return fmaRuns.Load() }

// StagedRuns counts the contractions whose output went through a stage
// (stage.go).
func StagedRuns() int64 { return stagedRuns.Load() }

// TransposedPacks counts the 8-point blocks of panels packed by
// transposes.
func TransposedPacks() int64 { return transposedPacks.Load() }

// KeptPanelRuns counts the runs of panels a contraction took from its
// run's cache (panels.go).
func KeptPanelRuns() int64 { return keptPanelRuns.Load() }

// RowPairRuns counts the vector-path calls that ran a lone n tile two
// row tiles at a time (kern8x16).
func RowPairRuns() int64 { return rowPairRuns.Load() }

// QuadRuns counts the vector-path calls that ran pairs of n tiles two
// units at a time (kern8x16x2).
func QuadRuns() int64 { return quadRuns.Load() }

// StridedARuns counts the vector-path calls that packed a strided first
// factor.
func StridedARuns() int64 { return stridedARuns.Load() }

// TripleRuns counts the vector-path calls that ran pairs of n tiles
// three units at a time (kern12x16x2r).
func TripleRuns() int64 { return tripleRuns.Load() }

// WindowRuns counts the contractions run by column windows.
func WindowRuns() int64 { return windowRuns.Load() }

// GroupedFolds counts the groups of eight f32 sums folded interleaved.
func GroupedFolds() int64 { return groupedFolds.Load() }

// SumLaneRuns counts the plain sums run 16 outputs to a vector.
func SumLaneRuns() int64 { return sumLaneRuns.Load() }

// NarrowRuns counts the contractions the narrow vector path ran.
func NarrowRuns() int64 { return narrowRuns.Load() }

// OneColumnRuns counts the contractions the one-column path ran.
func OneColumnRuns() int64 { return oneColumnRuns.Load() }

// PhaseSplitRuns counts the strided one-column contractions read from
// phase-split copies of their first factor.
func PhaseSplitRuns() int64 { return phaseSplitRuns.Load() }

// StridedColumnRuns counts the one-column contractions whose rows were
// packed (m strided in the first factor).
func StridedColumnRuns() int64 { return stridedColumnRuns.Load() }

// GroupLaneRuns counts the contractions the group-lanes path ran.
func GroupLaneRuns() int64 { return groupLaneRuns.Load() }

// GatherLaneRuns counts the contractions the gathered-lanes path ran.
func GatherLaneRuns() int64 { return gatherLaneRuns.Load() }

// WideSumRuns counts the f32 sums run in f64 (runWideSums).
func WideSumRuns() int64 { return wideSumRuns.Load() }

// ColSumRuns counts the units of 16 outputs summed a column at a time.
func ColSumRuns() int64 { return colSumRuns.Load() }

// FastSteps reports, per generic step of p, whether the fast path takes it.
func FastSteps(p *plan.Plan, args []*runtime.Tensor) []bool {
	var r []bool
	pc := newPrepCache()
	for _, s := range p.Steps {
		if s.Kind != plan.StepGeneric {
			continue
		}
		k, err := newKernel(s, func(b *plan.Buffer) ([]byte, error) { return alignedBytes(b.Bytes()), nil }, pc)
		r = append(r, err == nil && k.fast != nil)
	}
	return r
}

// SameBody reports whether two linalg.generic ops' bodies may share one
// compiled program (prepare.go).
func SameBody(a, b *ir.Operation) bool { return sameBody(linalg.Body(a), linalg.Body(b)) }

// SharedPrograms prepares every generic step of p the way one run does
// and returns how many there are and how many distinct programs they got.
func SharedPrograms(p *plan.Plan) (generics, programs int, err error) {
	pc := newPrepCache()
	progs := map[*program]bool{}
	for _, s := range p.Steps {
		if s.Kind != plan.StepGeneric {
			continue
		}
		k, err := newKernel(s, func(b *plan.Buffer) ([]byte, error) { return alignedBytes(b.Bytes()), nil }, pc)
		if err != nil {
			return 0, 0, err
		}
		generics++
		progs[k.prog] = true
	}
	return generics, len(progs), nil
}

// KeptKernels is the number of steps whose kernel e keeps for its next run.
func (e *Executor) KeptKernels() int {
	n := 0
	for _, k := range e.pc.kernels {
		if k != nil {
			n++
		}
	}
	return n
}

// ConvertRuns counts the steps run as converting copies.
func ConvertRuns() int64 { return convertRuns.Load() }

// KeptWidenings counts the widened 16-bit buffers taken from a run's
// cache.
func KeptWidenings() int64 { return keptWidenings.Load() }

// HaveFMA reports whether the CPU has FMA3 (the fused kernels).
func HaveFMA() bool { return haveFMA }

// ExactFused counts the 16-bit contractions that ran on the fused kernels
// because every product was exact.
func ExactFused() int64 { return exactFused.Load() }

// SetRowBlocks switches blocks of rows and returns the old setting.
func SetRowBlocks(on bool) bool {
	old := useRowBlocks
	useRowBlocks = on
	return old
}

// RowBlockRuns counts the steps whose lane blocks spanned rows.
func RowBlockRuns() int64 { return rowBlockRuns.Load() }

// Lanes32Runs counts the steps run in float32 lanes.
func Lanes32Runs() int64 { return lanes32Runs.Load() }

// SetLanes32 switches float32 lanes and returns the old setting.
func SetLanes32(on bool) bool {
	old := useLanes32
	useLanes32 = on
	return old
}

// TableBuilds counts the contraction offset tables built.
func TableBuilds() int64 { return tableBuilds.Load() }

// WideBatchRuns counts the vector-path calls whose batches of row tiles
// grew past batchOf's because their panel streams from memory.
func WideBatchRuns() int64 { return wideBatchRuns.Load() }

// SetStreamedPanel sets the panel size (bytes) past which the vector
// path's batches grow and returns a function that restores it.
func SetStreamedPanel(bytes int) (restore func()) {
	old := streamedPanel
	streamedPanel = bytes
	return func() { streamedPanel = old }
}

// SetStreamOutBytes sets the output size (bytes) from which blocks of
// pixels store their rows around the caches and returns a function that
// restores it.
func SetStreamOutBytes(bytes int64) (restore func()) {
	old := streamOutBytes
	streamOutBytes = bytes
	return func() { streamOutBytes = old }
}

// StreamedRowStores counts the vector-path calls that stored rows around
// the caches (non-temporal stores).
func StreamedRowStores() int64 { return streamedRowStores.Load() }

// StridedWideRuns counts the one-column workers that stored a tile's
// outputs two elements apart straight from the registers.
func StridedWideRuns() int64 { return stridedWideRuns.Load() }

// PixelRowRuns counts the contractions run with their factors swapped,
// pixels in the vector lanes (a 1x1 convolution in NCHW).
func PixelRowRuns() int64 { return pixelRowRuns.Load() }

// TileBiasRuns counts the contractions that added a bias in their tiles.
func TileBiasRuns() int64 { return tileBiasRuns.Load() }

// DeferredFills counts the zero fills deferred to a contraction, and
// those that ran after all.
func DeferredFills() (deferred, ran int64) { return deferredFills.Load(), deferredFillsRun.Load() }

// SplitFills counts the zero fills deferred to several steps whose views
// partition the buffer (the regions of a decomposed strided data
// gradient).
func SplitFills() int64 { return splitFills.Load() }

// SetDevSums switches squared-deviation sums as contractions and returns
// the previous setting.
func SetDevSums(on bool) bool {
	old := useDevSums
	useDevSums = on
	return old
}

// DeviationRuns counts the squared-deviation sums run as contractions.
func DeviationRuns() int64 { return deviationRuns.Load() }

// FoldablePads is the fill steps of p's pads that a run folds into their
// readers (padfold.go), in order.
func FoldablePads(p *plan.Plan) []int {
	return slices.Sorted(maps.Keys(foldablePads(p)))
}

// FoldedPads reports the pads folded into their readers so far and those
// of them the readers ran in full after all.
func FoldedPads() (folded, unfolded int64) { return foldedPads.Load(), unfoldedPads.Load() }

// SetFoldedPads switches pad folding and returns the old setting.
func SetFoldedPads(on bool) bool {
	old := useFoldedPads
	useFoldedPads = on
	return old
}
