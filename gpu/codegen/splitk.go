package codegen

import (
	"fmt"

	"github.com/torchlower/torchlower/ir"
)

// Split-K. A tiled contraction whose M×N makes few tiles and whose K is
// long, a weight gradient above all (64 by 576 outputs, 25,088 terms
// each for a 3x3 layer of 64 channels at 56x56, batch 8: nine 64×64
// tiles), would run on as many blocks as it has tiles, a few
// multiprocessors of a hundred. Its K is then divided into parts, each
// a block's: the block of part p of tile t sums its terms from -0
// (part 0 from the output's value), stores its accumulators to a
// scratch buffer (Kernel.Scratch), and counts itself in the tile's
// counter; the block that counts last adds the parts, in part order,
// and stores the tile as an unsplit body would (the epilogue after).
//
// Before: every output of the body is out + f(a, b), f32 or f64 (so
// that partial sums combine by the same addition), and the counters,
// the first splitCounterBytes of the scratch buffer, are zero. After:
// the outputs, and the counters zero again (the last block resets its
// tile's), so that the next kernel of the plan may use the same scratch:
// every kernel's counters are at the same place, its parts' sums after
// them. Results do not depend on which block finishes last (the parts
// are added in order), but they are no longer the CPU's bits: the terms
// are added in parts.
//
// Part p's K runs from p·span to (p+1)·span, span a whole number of the
// bodies' slices (32 deep), so that no slice straddles two parts and a
// body's K-bound checks stay those of K's end.

// kSplit is how a body's K is divided: parts of span terms (the last
// part may be shorter). parts 1: not split.
type kSplit struct {
	parts, span int64
	tiles       int64 // the body's tiles: its counters
	nacc        int   // accumulators a thread
	reg         string
}

const (
	// splitMaxTiles: a contraction with fewer tiles than this, about a
	// wave of an H100's 132 multiprocessors, splits.
	splitMaxTiles = 128
	// splitBlocks is the number of blocks a split aims for: two waves.
	splitBlocks = 256
	// splitMinSpan is the fewest terms a part takes (eight slices): its
	// multiplies stay much more than its extra store and the last
	// block's loads.
	splitMinSpan = 256
	// splitSlice is what span is a multiple of: the slices of every
	// body (mmaSlice; tileK and mmaK divide it).
	splitSlice = mmaSlice
	// splitCounterBytes holds a counter (4 bytes) for each tile of any
	// split, at the start of the scratch buffer.
	splitCounterBytes = 4 * splitMaxTiles
)

// The slices of the scalar and the AMD bodies divide a part's span.
var (
	_ = [1]struct{}{}[splitSlice%tileK]
	_ = [1]struct{}{}[splitSlice%mmaK]
)

// splitFor is the split of c's K for a body of tiles tiles, nacc
// accumulators of type reg a thread; parts 1 unless the body sums (sums)
// and has few tiles and a long K.
func splitFor(c *contraction, tiles int64, nacc int, reg string, sums bool) kSplit {
	s := kSplit{parts: 1, span: c.kTot, tiles: tiles, nacc: nacc, reg: reg}
	if !sums || tiles >= splitMaxTiles || c.kTot < 2*splitMinSpan {
		return s
	}
	parts := min((splitBlocks+tiles-1)/tiles, c.kTot/splitMinSpan)
	span := ((c.kTot+parts-1)/parts + splitSlice - 1) / splitSlice * splitSlice
	if parts = (c.kTot + span - 1) / span; parts < 2 {
		return s
	}
	s.parts, s.span = parts, span
	return s
}

// sumsOutput reports whether body yields out + x, out being the output's
// block argument, read nowhere else, in f32 or f64: what split-K may
// divide. (f16 and bf16 outputs round each sum to their type, which
// parts added in f32 would not.)
func sumsOutput(body *ir.Block, o *operand) bool {
	if o.arg == nil || !o.arg.HasOneUse() || (o.el.ctype != "float" && o.el.ctype != "double") {
		return false
	}
	t := body.Terminator()
	if t == nil || t.NumOperands() != 1 {
		return false
	}
	add := t.Operand(0).DefiningOp()
	return add != nil && add.Name == "arith.addf" && add.NumOperands() == 2 && (add.Operand(0) == o.arg || add.Operand(1) == o.arg)
}

// split reports whether K is divided.
func (s kSplit) split() bool { return s.parts > 1 }

// scratch is the bytes of scratch the body takes: the counters, then
// its parts' accumulators.
func (s kSplit) scratch() int64 {
	if !s.split() {
		return 0
	}
	size := int64(4)
	if s.reg == "double" {
		size = 8
	}
	return splitCounterBytes + s.tiles*s.parts*int64(s.nacc)*BlockSize*size
}

// open opens the block loop of a body of the split's tiles: tile t, and
// when split its part tl_part, whose K runs from tl_kb to tl_ke. The
// parts of a tile are consecutive items, taken by consecutive blocks.
func (s kSplit) open(k *kernelBuilder, kTot int64) {
	k.scratch = max(k.scratch, s.scratch())
	if !s.split() {
		blockLoop(k, "t", fmt.Sprintf("%dll", s.tiles))
		return
	}
	k.line(1, "__shared__ int tl_last;")
	blockLoop(k, "tl_item", fmt.Sprintf("%dll", s.tiles*s.parts))
	k.line(2, "const i64 t = tl_item / %d;", s.parts)
	k.line(2, "const int tl_part = (int)(tl_item %% %d);", s.parts)
	k.line(2, "const i64 tl_kb = (i64)tl_part * %d, tl_ke = tl_kb + %d < %dll ? tl_kb + %d : %dll;", s.span, s.span, kTot, s.span, kTot)
}

// kRange is the first k of the block's part and the end of its K.
func (s kSplit) kRange(kTot int64) (from, to string) {
	if !s.split() {
		return "0", fmt.Sprintf("%dll", kTot)
	}
	return "tl_kb", "tl_ke"
}

// initAccumulators is initAccumulators for a part: part 0 starts from
// the output, the others from -0, the sum's neutral element (+0 would
// turn a sum of -0 terms into +0).
func (s kSplit) initAccumulators(k *kernelBuilder, c *contraction, o *operand, loops, acc string, coords func(depth int), ext []int64, idx []string) {
	if !s.split() || k.outZero {
		initAccumulators(k, c, o, loops, acc, coords, ext, idx)
		return
	}
	negZero := "-0.0f"
	if s.reg == "double" {
		negZero = "-0.0"
	}
	k.line(2, "if (tl_part != 0) {")
	k.line(3, "%s %s = %s;", loops, acc, negZero)
	k.line(2, "} else {")
	initAccumulators(k, c, o, loops, acc, coords, ext, idx)
	k.line(2, "}")
}

// combine emits, at depth 2 after a part's K loop, the hand-over of its
// accumulators (acc in loops, flat their index from 0 to nacc): each
// part stores them, a thread's at stride BlockSize, and the block that
// completes the tile goes on with their sum in part order; the others
// take their next item.
func (s kSplit) combine(k *kernelBuilder, loops, acc, flat string) {
	if !s.split() {
		return
	}
	ws := fmt.Sprintf("(%s*)(tl_scratch + %d)", s.reg, splitCounterBytes)
	slot := func(part string) string {
		return fmt.Sprintf("(((t * %d + %s) * %d + %s) * %d + threadIdx.x)", s.parts, part, s.nacc, flat, BlockSize)
	}
	k.line(2, "{")
	k.line(3, "%s* const tl_parts = %s;", s.reg, ws)
	k.line(3, "unsigned* const tl_count = (unsigned*)tl_scratch;")
	k.line(3, "%s tl_parts[%s] = %s;", loops, slot("tl_part"), acc)
	// Every thread's stores reach the device before the count that says
	// they are there, and the last block's loads come after it: the CUDA
	// programming guide's __threadfence example, with the fences also in
	// the counting thread, on both sides of its atomic, as the PTX memory
	// model orders a release and an acquire.
	k.line(3, "__threadfence();")
	k.line(3, "__syncthreads();")
	k.line(3, "if (threadIdx.x == 0) {")
	k.line(4, "__threadfence();")
	k.line(4, "tl_last = atomicAdd(&tl_count[t], 1u) == %du;", s.parts-1)
	k.line(4, "__threadfence();")
	k.line(3, "}")
	k.line(3, "__syncthreads();")
	k.line(3, "if (!tl_last) continue;")
	k.line(3, "__threadfence();")
	k.line(3, "const volatile %s* const tl_done = tl_parts;", s.reg)
	// A part at a time, every accumulator of it (unrolled, a part's
	// loads in flight together), the parts not: a thread's loads of all
	// parts at once took more registers than a tensor-core body has
	// (ptxas spilled the small tile's, eight parts, at 80 registers).
	k.line(3, "%s %s = tl_done[%s];", loops, acc, slot("0"))
	k.line(3, "#pragma unroll 1")
	k.line(3, "for (int p = 1; p < %d; ++p) {", s.parts)
	k.line(4, "%s %s += tl_done[%s];", loops, acc, slot("p"))
	k.line(3, "}")
	k.line(3, "if (threadIdx.x == 0) tl_count[t] = 0;")
	k.line(2, "}")
}
