package cpu

import (
	"testing"
	"unsafe"
)

// TestPanelCache packs the panels of two regions' reduction points, taps
// first, through one run's cache: the second region's tap is the first
// region's second tap, and takes its panels from the cache; panels of
// rows a step overwrote are packed again, with the new values; reduction
// points that are not long runs (taps inner) are not cached.
func TestPanelCache(t *testing.T) {
	const taps, F, N = 3, 40, 20 // a filter [F][taps][N], N columns
	b := make([]float32, F*taps*N)
	for i := range b {
		b[i] = float32(i)
	}
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*4)
	dn := tdim{ext: N, cb: 1}
	nT := (N + vN - 1) / vN
	run := func(tap int) []int {
		var rb []int
		for f := range F {
			rb = append(rb, (f*taps+tap)*N)
		}
		return rb
	}
	packs := 0
	pack := func(dst []float32, rb []int) error {
		packs++
		packB(dst, b, rb, 0, dn, 0, nT)
		return nil
	}
	// want is the panel block of n tile nt, reduction point k of rb.
	check := func(segs []bSeg, rb []int) {
		t.Helper()
		for _, s := range segs {
			for nt := range nT {
				for k := s.k0; k < s.k1; k++ {
					got := unsafe.Slice(s.panelAt(nt, k), vN)
					for c := range vN {
						want := float32(0)
						if col := nt*vN + c; col < N {
							want = b[rb[k]+col]
						}
						if got[c] != want {
							t.Fatalf("tile %d point %d column %d: %v, want %v", nt, k, c, got[c], want)
						}
					}
				}
			}
		}
	}
	var pc panelCache
	defer pc.release()
	first := append(run(0), run(2)...)
	segs, err := pc.segments(mem, b, first, 0, dn, nT, pack)
	if err != nil || len(segs) != 2 || packs != 2 {
		t.Fatalf("first region: %d runs, %d packs, %v; want 2, 2", len(segs), packs, err)
	}
	check(segs, first)
	kept := keptPanelRuns.Load()
	again, err := pc.segments(mem, b, run(2), 0, dn, nT, pack)
	if err != nil || len(again) != 1 || packs != 2 || keptPanelRuns.Load() != kept+1 || &again[0].panel[0] != &segs[1].panel[0] {
		t.Fatalf("second region: %d runs, %d packs (want its tap's panels from the cache), %v", len(again), packs, err)
	}
	check(again, run(2))
	// A run of the same first row but fewer rows (its panels' tiles lie
	// at another stride) is packed, not taken.
	short := run(2)[:minCachedRun]
	part, err := pc.segments(mem, b, short, 0, dn, nT, pack)
	if err != nil || packs != 3 {
		t.Fatalf("a shorter run from the same row: %d packs, %v; want it packed", packs, err)
	}
	check(part, short)
	pc.invalidate(make([]byte, 8)) // another buffer
	if len(pc.entries) != 3 {
		t.Fatalf("writing another buffer dropped panels: %d left", len(pc.entries))
	}
	for i := range b {
		b[i] = -float32(i)
	}
	pc.invalidate(mem[100:104])
	if len(pc.entries) != 0 {
		t.Fatalf("writing the filter left %d panels", len(pc.entries))
	}
	fresh, err := pc.segments(mem, b, run(2), 0, dn, nT, pack)
	if err != nil || packs != 4 {
		t.Fatalf("after the write: %d packs, %v; want the tap packed again", packs, err)
	}
	check(fresh, run(2))
	// Taps 0 and 2 inner: runs of two points, not cached.
	var inner []int
	for f := range F {
		inner = append(inner, f*taps*N, (f*taps+2)*N)
	}
	if segs, err := pc.segments(mem, b, inner, 0, dn, nT, pack); segs != nil || err != nil {
		t.Fatalf("taps inner: %d runs, %v; want none", len(segs), err)
	}
}

// TestPackPanels packs tiles [lo, hi) of rows of consecutive columns
// (dn.cb 1: blocks of pixels, an NHWC filter's channels; whole tiles by
// packRows16 where the CPU has AVX-512) and of columns a stride apart,
// from reduction points in any order, at an offset, with a partial last
// tile, and requires every panel element: the row's column, zero past
// the columns' end, and the tiles outside [lo, hi) untouched.
func TestPackPanels(t *testing.T) {
	const K, rowLen = 37, 100
	b := make([]float32, (K+3)*rowLen)
	for i := range b {
		b[i] = float32(i) + 0.5
	}
	rb := make([]int, K)
	for r := range rb {
		rb[r] = ((r*7)%(K+3))*rowLen + r%3 // rows in no order, offsets not line-aligned
	}
	for _, c := range []struct{ ext, cb, pb, lo, hi int }{
		{64, 1, 0, 0, 4},  // whole tiles only
		{70, 1, 5, 0, 5},  // a partial last tile
		{70, 1, 5, 1, 3},  // a sub-range of whole tiles
		{70, 1, 5, 4, 5},  // the partial tile alone
		{40, 2, 3, 0, 3},  // columns two apart
		{16, 1, 0, 0, 1},  // one tile
		{48, 1, 17, 2, 3}, // the last whole tile alone
	} {
		nT := (c.ext + vN - 1) / vN
		dn := tdim{ext: c.ext, cb: c.cb}
		const poison = -7
		dst := make([]float32, nT*K*vN)
		for i := range dst {
			dst[i] = poison
		}
		packPanels(dst, b, rb, c.pb, dn, vN, c.lo, c.hi)
		for nt := range nT {
			for r := range K {
				for j := range vN {
					got := dst[(nt*K+r)*vN+j]
					want := float32(poison)
					if nt >= c.lo && nt < c.hi {
						want = 0
						if col := nt*vN + j; col < c.ext {
							want = b[c.pb+rb[r]+col*c.cb]
						}
					}
					if got != want {
						t.Fatalf("%+v: tile %d point %d column %d: %v, want %v", c, nt, r, j, got, want)
					}
				}
			}
		}
	}
}
