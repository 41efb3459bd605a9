package cpu

import "sync/atomic"

// The group-lanes path. A depthwise weight gradient, dW[g, kh, kw] =
// Σ_{n,h,w} x[n, g, h+kh, w+kw] · dy[n, g, h, w], has one column and nine
// rows a group, each row a chain of n·h·w multiply-adds. The one-column
// path puts a kernel row's 3 taps in the lanes of a vector (3 of 8 busy)
// and ran it at 7-8 GMAC/s (144 and 384 channels), the data gradient's
// image rows at 12. Here the lanes are
// 16 groups instead: every row's chain runs in all 16 lanes at once, and
// each vector of dy serves the four rows of a call (kern16x4lanes). The
// groups' elements are strided (a channel apart), so a block of
// reduction points is first packed, for 16 groups at a time, into
// panels that hold each element's 16 groups side by side: the span of
// the first factor that the block's points and the rows reach, and the
// span of the second, both by 16x16 transposes (packLanes). Blocks are
// cut so that each span stays under groupSpan elements (an image of
// 28x28 and its padded input, per block), so the panels stay in cache.
//
// Each output element still sums its reduction points in the
// interpreter's order with its roundings; its accumulator only waits in
// memory between blocks. The results are the interpreter's bits.
const (
	groupLanes = 16   // groups side by side (the lanes)
	groupSpan  = 1024 // most elements of one factor a block's panel holds
	// groupMaxRows is the most rows a group may have: their sums wait
	// in memory, 64 bytes each, for the whole reduction.
	groupMaxRows = 64
	// groupMaxRun: runs of the m loop up to this long leave the one-
	// column path's 8 lanes mostly idle (a 3x3 kernel's 3 taps); longer
	// ones (an image row of a data gradient) fill them, and stay there.
	groupMaxRun = 8
)

// useGroupLanes switches the group-lanes path.
var useGroupLanes = true

// groupLaneRuns counts the contractions the group-lanes path ran (tests).
var groupLaneRuns atomic.Int64

// laneGroup picks the group loop whose groups go in the lanes, or -1
// when the path does not apply: AVX-512, one column, short runs, few
// rows, a group loop of at least 16 that moves both factors and the
// output, and enough reduction points (at least 64) to pay for packing
// them.
func laneGroup(v *vecSpace, dm, dn tdim) int {
	if !useGroupLanes || !haveAVX512 || !useAVX512 || dn.ext != 1 || dn.loop >= 0 ||
		dm.ext > groupMaxRun || v.rowCount() > groupMaxRows || v.K < 64 {
		return -1
	}
	best := -1
	for i, g := range v.groups {
		if g.ext >= groupLanes && g.ca != 0 && g.cb != 0 && g.cout != 0 && (best < 0 || g.ext > v.groups[best].ext) {
			best = i
		}
	}
	return best
}

// groupBlock is a block [k0, k1) of reduction points and the spans
// [loA, hiA], [loB, hiB] of element offsets (from a group's base) that
// it reads of the first factor (rows included) and of the second.
type groupBlock struct{ k0, k1, loA, hiA, loB, hiB int }

// groupBlocks cuts the reduction points into blocks whose spans stay
// within groupSpan elements (a block has at least one point).
func groupBlocks(ra, rb []int, rowLo, rowHi int) []groupBlock {
	var blocks []groupBlock
	for k0 := 0; k0 < len(ra); {
		bl := groupBlock{k0: k0, loA: ra[k0] + rowLo, hiA: ra[k0] + rowHi, loB: rb[k0], hiB: rb[k0]}
		k := k0 + 1
		for ; k < len(ra); k++ {
			loA, hiA := min(bl.loA, ra[k]+rowLo), max(bl.hiA, ra[k]+rowHi)
			loB, hiB := min(bl.loB, rb[k]), max(bl.hiB, rb[k])
			if hiA-loA >= groupSpan || hiB-loB >= groupSpan {
				break
			}
			bl.loA, bl.hiA, bl.loB, bl.hiB = loA, hiA, loB, hiB
		}
		bl.k1 = k
		blocks = append(blocks, bl)
		k0 = k
	}
	return blocks
}

// runGroupLanes runs the contraction with the groups of loop v.groups[gl]
// in the lanes: a unit is 16 of its groups at one point of the other
// group loops, divided among the workers.
func runGroupLanes(k *kernel, a, b, out []float32, ra, rb []int, v *vecSpace, gl int, baseA, baseB, baseO int) error {
	groupLaneRuns.Add(1)
	rows, words := getInts(2 * v.rowCount())
	defer putWords(words)
	v.buildRows(rows)
	R := len(v.rowA)
	rowLo, rowHi := v.rowA[0], v.rowA[0]
	for _, o := range v.rowA {
		rowLo, rowHi = min(rowLo, o), max(rowHi, o)
	}
	blocks := groupBlocks(ra, rb, rowLo, rowHi)
	// The tables in bytes of a panel: one point's 16 groups are 64.
	ra64, aWords := getInts(len(ra))
	defer putWords(aWords)
	rb64, bWords := getInts(len(rb))
	defer putWords(bWords)
	for r := range ra {
		ra64[r], rb64[r] = ra[r]*groupLanes*4, rb[r]*groupLanes*4
	}
	G := v.groups[gl]
	others := make([]tdim, 0, len(v.groups)-1)
	others = append(others, v.groups[:gl]...)
	others = append(others, v.groups[gl+1:]...)
	perOther := (G.ext + groupLanes - 1) / groupLanes
	units := perOther
	for _, o := range others {
		units *= o.ext
	}
	// A block's first point alone spans the rows (groupBlocks then
	// stops at it when they reach groupSpan).
	panelLen := (max(groupSpan, rowHi-rowLo+1) + groupSpan) * groupLanes
	return parallelRange(k, units, int64(units)*groupLanes*int64(R)*int64(len(ra)), func(lo, hi int) {
		panels, pWords := getFloats(panelLen)
		defer putWords(pWords)
		acc, cWords := getFloats(((R + 3) &^ 3) * groupLanes)
		defer putWords(cWords)
		for u := lo; u < hi; u++ {
			pa, pb, po := outerBase(others, u/perOther, baseA, baseB, baseO)
			g0 := u % perOther * groupLanes
			nl := min(groupLanes, G.ext-g0)
			pa, pb, po = pa+g0*G.ca, pb+g0*G.cb, po+g0*G.cout
			for r, o := range v.rowO {
				c := acc[r*groupLanes : (r+1)*groupLanes]
				if v.outZero {
					clear(c)
				} else {
					gatherStrided(c[:nl], out, po+o, G.cout)
				}
			}
			for _, bl := range blocks {
				spanA, spanB := bl.hiA-bl.loA+1, bl.hiB-bl.loB+1
				pA, pB := panels[:spanA*groupLanes], panels[spanA*groupLanes:(spanA+spanB)*groupLanes]
				packLanes(pA, a, spanA, nl, G.ca, pa+bl.loA)
				packLanes(pB, b, spanB, nl, G.cb, pb+bl.loB)
				for r0 := 0; r0 < R; r0 += 4 {
					// A last call of fewer than four rows repeats the
					// last one into sums that are never stored.
					var offs [4]int
					for i := range offs {
						offs[i] = (v.rowA[min(r0+i, R-1)] - bl.loA) * groupLanes * 4
					}
					c := (*[4 * groupLanes]float32)(acc[r0*groupLanes : (r0+4)*groupLanes])
					if v.fma {
						kern16x4lanesf(&pA[0], &offs, &ra64[bl.k0], &pB[0], -bl.loB*groupLanes*4, &rb64[bl.k0], c, bl.k1-bl.k0)
					} else {
						kern16x4lanes(&pA[0], &offs, &ra64[bl.k0], &pB[0], -bl.loB*groupLanes*4, &rb64[bl.k0], c, bl.k1-bl.k0)
					}
				}
			}
			for r, o := range v.rowO {
				scatterStrided(out, po+o, G.cout, acc[r*groupLanes:r*groupLanes+nl])
			}
		}
	})
}

// packLanes packs span consecutive elements of nl groups (group i's
// first at src[at + i·stride]) into dst[j·16 + i]: for 16 groups by
// 16x16 transposes (each source line read whole), else by transpose2D.
func packLanes(dst, src []float32, span, nl, stride, at int) {
	full := 0
	if nl == groupLanes {
		full = span &^ (groupLanes - 1)
		lo, hi := min(0, 15*stride), 15+max(0, 15*stride)
		_ = dst[:full*groupLanes]
		for j0 := 0; j0 < full; j0 += groupLanes {
			s := at + j0
			// The block's extreme elements are in range, hence all of it.
			_, _ = src[s+lo], src[s+hi]
			transpose16x16(&dst[j0*groupLanes], groupLanes*4, &src[s], stride*4)
		}
	}
	if full < span {
		transpose2D(dst[full*groupLanes:], src, int64(span-full), int64(nl), groupLanes, 1, int64(stride), 0, int64(at+full))
	}
}
