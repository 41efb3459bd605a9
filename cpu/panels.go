package cpu

import (
	"sync/atomic"
	"unsafe"
)

// The regions of a decomposed strided data gradient each read a subset of
// the filter's taps, and each packed its own taps into panels: the 256-
// channel 3x3 stride-2 gradient packed 16 taps' worth of the filter for
// its 9 taps, a sixth of its run. With the taps as the outer reduction
// loop (the decomposition's taps-first order), a region's reduction
// points are one run of equally spaced filter rows per tap, and a run is
// the same in every region that reads that tap: the run's panels are
// packed once and kept for the rest of the run (panelCache), keyed by the
// run's rows and columns, and dropped when a step writes their buffer.

// A bSeg is a run of reduction points [k0, k1) and the panels of the
// second factor's rows for them: [nT][k1-k0][vN], nT n tiles.
type bSeg struct {
	k0, k1 int
	panel  []float32
}

// panelAt is the panel block of n tile nt from reduction point k on (k in
// the segment).
func (s *bSeg) panelAt(nt, k int) *float32 {
	return &s.panel[(nt*(s.k1-s.k0)+k-s.k0)*vN]
}

// minCachedRun is the shortest run of reduction points worth caching: a
// region that reads filter rows one or two at a time (taps innermost)
// packs its panels as one as before.
const minCachedRun = 32

// keptPanelRuns counts the runs of panels taken from the cache (tests).
var keptPanelRuns atomic.Int64

// panelKey identifies the panels of a run of rows: its first element's
// address, rows step elements apart, and the columns.
type panelKey struct {
	src        uintptr
	rows, step int
	ext, cb    int
	width      int
}

type panelEntry struct {
	key   panelKey
	mem   []byte // the rows' buffer, for invalidate
	panel []float32
	words []uint64
}

// A panelCache keeps one run's packed panels (a run is not safe for
// concurrent use, nor is its cache).
type panelCache struct {
	entries []panelEntry
	// widenings are the run's widened 16-bit buffers (widen.go).
	widenings []widenEntry
}

// invalidate drops the panels and widenings of memory that overlaps m (a step
// is about to write, or has written, it).
func (pc *panelCache) invalidate(m []byte) {
	if pc == nil {
		return
	}
	pc.entries = dropOverlapping(pc.entries, m)
	pc.widenings = dropOverlapping(pc.widenings, m)
}

// A cacheEntry is a panelCache entry: derived from memory mem, held in
// scratch words.
type cacheEntry interface {
	memory() []byte
	scratch() []uint64
}

func (e panelEntry) memory() []byte    { return e.mem }
func (e panelEntry) scratch() []uint64 { return e.words }
func (e widenEntry) memory() []byte    { return e.mem }
func (e widenEntry) scratch() []uint64 { return e.words }

// dropOverlapping removes the entries derived from memory that overlaps
// m, returning their words to the pool.
func dropOverlapping[E cacheEntry](es []E, m []byte) []E {
	kept := es[:0]
	for _, e := range es {
		if overlaps(e.memory(), m) {
			putWords(e.scratch())
			continue
		}
		kept = append(kept, e)
	}
	clear(es[len(kept):])
	return kept
}

// release frees every panel; the cache is empty afterwards.
func (pc *panelCache) release() {
	if pc == nil {
		return
	}
	for _, e := range pc.entries {
		putWords(e.words)
	}
	clear(pc.entries)
	pc.entries = pc.entries[:0]
	for _, e := range pc.widenings {
		putWords(e.words)
	}
	clear(pc.widenings)
	pc.widenings = pc.widenings[:0]
}

// segments returns the second factor's panels for reduction offsets rb
// (from pb in b, whose buffer is mem; nT tiles of the columns dn) as
// runs taken from the cache or packed into it, or nil when the offsets
// are not long runs of equally spaced rows (the caller packs them as
// one). pack packs tiles [lo, hi) of a run's rows into its panel, split
// among the workers.
func (pc *panelCache) segments(mem []byte, b []float32, rb []int, pb int, dn tdim, nT int, pack func(dst []float32, rb []int) error) ([]bSeg, error) {
	if pc == nil || len(rb) < minCachedRun {
		return nil, nil
	}
	var runs [][2]int
	for k0 := 0; k0 < len(rb); {
		k1 := k0 + 1
		if k1 < len(rb) {
			step := rb[k1] - rb[k0]
			for k1 < len(rb) && rb[k1]-rb[k1-1] == step {
				k1++
			}
		}
		if k1-k0 < minCachedRun {
			return nil, nil
		}
		runs = append(runs, [2]int{k0, k1})
		k0 = k1
	}
	segs := make([]bSeg, len(runs))
	for i, r := range runs {
		k0, k1 := r[0], r[1]
		step := 0
		if k1-k0 > 1 {
			step = rb[k0+1] - rb[k0]
		}
		key := panelKey{src: uintptr(unsafe.Pointer(&b[pb+rb[k0]])), rows: k1 - k0, step: step, ext: dn.ext, cb: dn.cb, width: vN}
		segs[i] = bSeg{k0: k0, k1: k1}
		for _, e := range pc.entries {
			if e.key == key {
				segs[i].panel = e.panel
				keptPanelRuns.Add(1)
				break
			}
		}
		if segs[i].panel != nil {
			continue
		}
		panel, words := getFloats(nT * (k1 - k0) * vN)
		if err := pack(panel, rb[k0:k1]); err != nil {
			putWords(words)
			return nil, err
		}
		pc.entries = append(pc.entries, panelEntry{key: key, mem: mem, panel: panel, words: words})
		segs[i].panel = panel
	}
	return segs, nil
}
