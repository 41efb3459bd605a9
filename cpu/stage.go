package cpu

import (
	"slices"
	"sync/atomic"
)

// An outStage holds a vector contraction's output with the n loop
// innermost, for an output whose n stride is long: a weight gradient
// (f, c, kh, kw) tiled c by f stores each tile row at a stride of c·kh·kw
// elements, one cache line per element, and its lines map to a few L1
// sets (a 4.6 KB stride is 72 lines: 8 sets of 64). Tiles store their
// rows contiguously into the stage instead, and the stage moves to the
// output at the end by 8x8 transposes: the same values, each output
// element written once. The strided stores took 1.2 ms of CPU a run of
// the 128-channel 3x3 weight gradient at 14x14 (n=8), whose step went
// from 2.8 to 2.34 ms with the stage.
//
// The output must be dense (its loops' strides a permutation of a
// row-major layout's), hold zeros on entry (the tiles do not read it)
// and take no epilogue.
type outStage struct {
	buf   []float32
	words []uint64
	// n and cout are the n loop's extent and output stride; the output
	// is blocks of n·cout elements, each an [n][cout] matrix that the
	// stage holds as [cout][n].
	n, cout int
	base    int // the output view's offset
	size    int // the output view's element count
}

// stagedRuns counts the contractions whose output went through a stage
// (tests).
var stagedRuns atomic.Int64

// minStagedStride is the shortest n stride worth staging: below it a
// tile row's elements share lines.
const minStagedStride = 16

// newOutStage returns the stage of v's output (base its offset), or nil
// where staging does not apply.
func newOutStage(v *vecSpace, base int, epilogue bool) *outStage {
	dn, dm := v.dn, v.rowDims[len(v.rowDims)-1]
	// Rows that are consecutive output elements (a data gradient's
	// positions) store each column of a tile as one vector already
	// (storeT4x16), which measured faster than a stage.
	if epilogue || !v.outZero || !haveAVX || dn.cout < minStagedStride || dn.ext < 8 || dm.cout == 1 {
		return nil
	}
	dims := append(slices.Clone(v.rowDims), v.groups...)
	dims = append(dims, dn)
	dims = slices.DeleteFunc(dims, func(d tdim) bool { return d.ext == 1 })
	slices.SortFunc(dims, func(a, b tdim) int { return a.cout - b.cout })
	size := 1
	for _, d := range dims {
		if d.cout != size {
			return nil
		}
		size *= d.ext
	}
	if int64(size) > maxPanel {
		return nil
	}
	buf, words := getFloats(size)
	stagedRuns.Add(1)
	return &outStage{buf: buf, words: words, n: dn.ext, cout: dn.cout, base: base, size: size}
}

// row is the stage offset of the output row at element offset off (its
// n = 0 element, the view's base included).
func (s *outStage) row(off int) int {
	off -= s.base
	block := s.n * s.cout
	return (off/block*s.cout + off%s.cout) * s.n
}

// unstage moves the stage to out, by blocks of 8 rows of the output's
// [n][cout] matrices among the workers, and frees it.
func (s *outStage) unstage(k *kernel, out []float32) error {
	defer putWords(s.words)
	block := s.n * s.cout
	lo8 := (s.cout + 7) / 8
	items := s.size / block * lo8
	return parallelRange(k, items, int64(s.size), func(lo, hi int) {
		for it := lo; it < hi; it++ {
			// Rows l0..l1 of block b's [cout][n] stage to its columns.
			b, l0 := it/lo8, it%lo8*8
			l1 := min(l0+8, s.cout)
			transpose2D(out, s.buf, int64(s.n), int64(l1-l0), int64(s.cout), 1, int64(s.n), int64(s.base+b*block+l0), int64(b*block+l0*s.n))
		}
	})
}
