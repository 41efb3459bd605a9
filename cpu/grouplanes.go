package cpu

import (
	"slices"
	"sync/atomic"
)

// The group-lanes path. A depthwise weight gradient, dW[g, kh, kw] =
// Σ_{n,h,w} x[n, g, h+kh, w+kw] · dy[n, g, h, w], has one column and nine
// rows a group, each row a chain of n·h·w multiply-adds. The one-column
// path puts a kernel row's 3 taps in the lanes of a vector (3 of 8 busy)
// and ran it at 7-8 GMAC/s (144 and 384 channels), the data gradient's
// image rows at 12. Here the lanes are 16 groups instead: every row's
// chain runs in all 16 lanes at once, and each vector of dy serves the
// four rows of a call (kern16x4lanes; a 3x3 window's nine at once,
// kern16x9lanes; with four columns or more, four columns at a time share
// each row's load: kern16x4x4lanes). The
// groups' elements are strided
// (a channel apart), so a block of reduction points is first packed, for
// 16 groups at a time, into panels that hold each element's 16 groups
// side by side, by 16x16 transposes (packLanes): for the first factor,
// the span that the block's points and each cluster of rows reach (the
// taps of one input channel of a group are a cluster, a channel apart
// from the next); for the second, the block's span once a column (a
// grouped weight gradient's output channels, whose rows the narrow path
// gathered tile by tile at 14 GMAC/s). Blocks are cut so that each span
// stays under groupSpan elements (an image of 28x28 and its padded input,
// per block), so the panels stay in cache.
//
// Each output element still sums its reduction points in the
// interpreter's order with its roundings; its accumulator only waits in
// memory between blocks. The results are the interpreter's bits.
const (
	groupLanes = 16   // groups side by side (the lanes)
	groupSpan  = 1024 // most elements of one factor a block's panel holds
	// groupMaxSums is the most outputs (rows × columns) a group may
	// have: their sums wait in memory, 64 bytes each, for the whole
	// reduction.
	groupMaxSums = 1024
	// groupMaxPanels bounds the panels a block packs (clusters of rows
	// plus columns), each up to groupSpan×16 floats: 1 MB of L2.
	groupMaxPanels = 16
	// groupClusterSpan is the widest cluster of rows: a 3x3 window of a
	// 30-wide image spans 62 elements, and each cluster's panel adds its
	// span to the block's.
	groupClusterSpan = 256
	// groupMaxColumns is the longest n loop taken: a grouped weight
	// gradient's 4 or 8 output channels a group.
	groupMaxColumns = 8
	// groupMaxRun: runs of the m loop up to this long leave the one-
	// column path's 8 lanes mostly idle (a 3x3 kernel's 3 taps); longer
	// ones (an image row of a data gradient) fill them, and stay there.
	groupMaxRun = 8
)

// useGroupLanes switches the group-lanes path.
var useGroupLanes = true

// groupLaneRuns counts the contractions the group-lanes path ran (tests).
var groupLaneRuns atomic.Int64

// laneRows is the group-lanes path's plan of a contraction: the group
// loop in the lanes (v.groups[gl]), the rows' offsets in the first
// factor and the output, and the rows' clusters: rows whose offsets lie
// within groupClusterSpan of the cluster's lowest, each cluster packed
// on its own.
type laneRows struct {
	gl         int
	rowA, rowO []int
	cluster    []int // per row, its cluster
	clLo, clHi []int // per cluster, its rows' lowest and highest offset
	span       int   // the widest cluster's hi - lo
	blocks     []groupBlock
	// ra64 and rb64 are the reduction tables in bytes of a panel, whose
	// points are 16 groups (64 bytes) each.
	ra64, rb64 []int
}

// laneGroup plans the group-lanes path, or returns nil when it does not
// apply: AVX-512, at most 8 columns that move only the second factor,
// short runs, few outputs a group, rows in few enough narrow clusters, a
// group loop of at least 16 that moves both factors and the output, and
// enough reduction points (at least 64, and 16 a block on average) to pay
// for packing them: points far apart in either factor (a plane or more)
// would cut a block at every point and pack the panels once a point.
func laneGroup(v *vecSpace, dm, dn tdim, ra, rb []int) *laneRows {
	if !useGroupLanes || !haveAVX512 || !useAVX512 || dn.ext > groupMaxColumns || dn.ca != 0 ||
		dm.ext > groupMaxRun || v.rowCount()*dn.ext > groupMaxSums || v.K < 64 {
		return nil
	}
	gl := -1
	for i, g := range v.groups {
		if g.ext >= groupLanes && g.ca != 0 && g.cb != 0 && g.cout != 0 && (gl < 0 || g.ext > v.groups[gl].ext) {
			gl = i
		}
	}
	if gl < 0 {
		return nil
	}
	n := v.rowCount()
	lr := &laneRows{gl: gl, rowA: make([]int, n), rowO: make([]int, n)}
	offsetTables(v.rowDims, lr.rowA, nil, lr.rowO)
	// Clusters in order of offset: a row joins the last cluster when it
	// lies within groupClusterSpan of its lowest row.
	order := make([]int, len(lr.rowA))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return lr.rowA[x] - lr.rowA[y] })
	lr.cluster = make([]int, len(lr.rowA))
	for _, r := range order {
		o := lr.rowA[r]
		if n := len(lr.clLo); n == 0 || o-lr.clLo[n-1] > groupClusterSpan {
			lr.clLo, lr.clHi = append(lr.clLo, o), append(lr.clHi, o)
		}
		n := len(lr.clLo) - 1
		lr.clHi[n] = o
		lr.cluster[r] = n
		lr.span = max(lr.span, o-lr.clLo[n])
	}
	if len(lr.clLo)+dn.ext > groupMaxPanels {
		return nil
	}
	lr.blocks = groupBlocks(ra, rb, lr.span)
	if len(lr.blocks)*16 > len(ra) {
		return nil
	}
	lr.ra64, lr.rb64 = scaled(ra, groupLanes*4), scaled(rb, groupLanes*4)
	return lr
}

// groupBlock is a block [k0, k1) of reduction points and the spans
// [loA, hiA], [loB, hiB] of their offsets in the first factor and the
// second (rows and columns not included).
type groupBlock struct{ k0, k1, loA, hiA, loB, hiB int }

// groupBlocks cuts the reduction points into blocks whose spans stay
// under groupSpan elements, the first factor's with rowSpan more (a
// block has at least one point).
func groupBlocks(ra, rb []int, rowSpan int) []groupBlock {
	var blocks []groupBlock
	for k0 := 0; k0 < len(ra); {
		bl := groupBlock{k0: k0, loA: ra[k0], hiA: ra[k0], loB: rb[k0], hiB: rb[k0]}
		k := k0 + 1
		for ; k < len(ra); k++ {
			loA, hiA := min(bl.loA, ra[k]), max(bl.hiA, ra[k])
			loB, hiB := min(bl.loB, rb[k]), max(bl.hiB, rb[k])
			if hiA-loA+rowSpan >= groupSpan || hiB-loB >= groupSpan {
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

// runGroupLanes runs the contraction with the groups of loop
// v.groups[lr.gl] in the lanes: a unit is 16 of its groups at one point
// of the other group loops, divided among the workers. A block packs one
// panel of the first factor a cluster of rows, and one of the second a
// column (a point of the n loop, which moves only the second factor).
// With a pad folded into the first factor (pad not nil), each span is
// built from the pad's source before it is packed (padRun.packLanes).
func runGroupLanes(k *kernel, a, b, out []float32, ra, rb []int, v *vecSpace, lr *laneRows, baseA, baseB, baseO int, pad *padRun) error {
	groupLaneRuns.Add(1)
	R := len(lr.rowA)
	blocks := lr.blocks
	ra64, rb64 := lr.ra64, lr.rb64
	split := splitLanes(v.groups, lr.gl)
	G, units := split.lanes, split.units
	dn := v.dn
	N, C := dn.ext, len(lr.clLo)
	// The sums: per quad of rows (a call's four, the last padded), per
	// column, four rows of 16 lanes; four columns of a quad are then one
	// kern16x4x4lanes block.
	Q := (R + 3) / 4
	// One column and the nine rows of a 3x3 window (three runs of three
	// consecutive elements: a depthwise weight gradient's taps) run in
	// one call (kern16x9lanes): each point's vector of dy loaded once,
	// not three times for rows in fours.
	// A run's three rows must also share a cluster: the kernel reaches
	// the second and third through the first's panel.
	window := N == 1 && R == 9
	for r := 0; window && r < R; r++ {
		first := r / 3 * 3
		window = lr.rowA[r] == lr.rowA[first]+r%3 && lr.cluster[r] == lr.cluster[first]
	}
	// A block's first point alone spans a cluster (groupBlocks then stops
	// at it when the span reaches groupSpan).
	maxSpan := max(groupSpan, lr.span+1)
	panelLen := (C*maxSpan + N*groupSpan) * groupLanes
	return parallelRange(k, units, int64(units)*groupLanes*int64(R*N)*int64(len(ra)), func(lo, hi int) {
		panels, pWords := getFloats(panelLen)
		defer putWords(pWords)
		var spans []float32
		if pad != nil {
			s, words := getFloats(oddLines(maxSpan) * groupLanes)
			defer putWords(words)
			spans = s
		}
		acc, cWords := getFloats(Q * N * 4 * groupLanes)
		defer putWords(cWords)
		// block is the sums of column j's rows 4q..4q+3.
		block := func(q, j int) int { return (q*N + j) * 4 * groupLanes }
		sums := func(j, r int) []float32 {
			at := block(r/4, j) + r%4*groupLanes
			return acc[at : at+groupLanes]
		}
		// at[c] is where cluster c's panel starts (in points), then the
		// columns'.
		at := make([]int, C+1)
		rowOffs := make([]int, R)
		for u := lo; u < hi; u++ {
			pa, pb, po, nl := split.unit(u, baseA, baseB, baseO)
			for j := range N {
				for r, o := range lr.rowO {
					if v.outZero {
						clear(sums(j, r))
					} else {
						gatherStrided(sums(j, r)[:nl], out, po+o+j*dn.cout, G.cout)
					}
				}
			}
			for _, bl := range blocks {
				for c := range C {
					span := bl.hiA - bl.loA + lr.clHi[c] - lr.clLo[c] + 1
					dst := panels[at[c]*groupLanes : (at[c]+span)*groupLanes]
					if pad != nil {
						pad.packLanes(dst, spans, span, nl, G.ca, pa+bl.loA+lr.clLo[c])
					} else {
						packLanes(dst, a, span, nl, G.ca, pa+bl.loA+lr.clLo[c])
					}
					at[c+1] = at[c] + span
				}
				// Row r reads its cluster's panel from its own offset
				// there: element rowA[r] + ra[k] sits at point
				// at[c] + rowA[r] - clLo[c] + ra[k] - loA.
				for r, o := range lr.rowA {
					c := lr.cluster[r]
					rowOffs[r] = (at[c] + o - lr.clLo[c] - bl.loA) * groupLanes * 4
				}
				// The columns' panels, spanB points apart.
				spanB := bl.hiB - bl.loB + 1
				for j := range N {
					q := at[C] + j*spanB
					packLanes(panels[q*groupLanes:(q+spanB)*groupLanes], b, spanB, nl, G.cb, pb+j*dn.cb+bl.loB)
				}
				pB := panels[at[C]*groupLanes:]
				boff, bstride, kn := -bl.loB*groupLanes*4, spanB*groupLanes*4, bl.k1-bl.k0
				if window {
					// The nine rows' sums are acc's first 144 floats (one
					// column: the quads' blocks are consecutive).
					offs := [3]int{rowOffs[0], rowOffs[3], rowOffs[6]}
					c := (*[9 * groupLanes]float32)(acc[:9*groupLanes])
					if v.fma {
						kern16x9lanesf(&panels[0], &offs, &ra64[bl.k0], &pB[0], boff, &rb64[bl.k0], c, kn)
					} else {
						kern16x9lanes(&panels[0], &offs, &ra64[bl.k0], &pB[0], boff, &rb64[bl.k0], c, kn)
					}
					continue
				}
				for q := range Q {
					// A last quad of fewer than four rows repeats the last
					// one into sums that are never stored.
					var offs [4]int
					for i := range offs {
						offs[i] = rowOffs[min(4*q+i, R-1)]
					}
					j := 0
					for ; j+4 <= N; j += 4 {
						c := (*[16 * groupLanes]float32)(acc[block(q, j):block(q, j+4)])
						if v.fma {
							kern16x4x4lanesf(&panels[0], &offs, &ra64[bl.k0], &pB[j*spanB*groupLanes], boff, bstride, &rb64[bl.k0], c, kn)
						} else {
							kern16x4x4lanes(&panels[0], &offs, &ra64[bl.k0], &pB[j*spanB*groupLanes], boff, bstride, &rb64[bl.k0], c, kn)
						}
					}
					for ; j < N; j++ {
						c := (*[4 * groupLanes]float32)(acc[block(q, j):block(q, j+1)])
						if v.fma {
							kern16x4lanesf(&panels[0], &offs, &ra64[bl.k0], &pB[j*spanB*groupLanes], boff, &rb64[bl.k0], c, kn)
						} else {
							kern16x4lanes(&panels[0], &offs, &ra64[bl.k0], &pB[j*spanB*groupLanes], boff, &rb64[bl.k0], c, kn)
						}
					}
				}
			}
			for j := range N {
				for r, o := range lr.rowO {
					scatterStrided(out, po+o+j*dn.cout, G.cout, sums(j, r)[:nl])
				}
			}
		}
	})
}

// laneSplit is a loop whose points go 16 to a unit in the lanes, and the
// other loops (in order) that units also range over: the group-lanes
// path's groups, a sum's outputs.
type laneSplit struct {
	lanes    tdim
	others   []tdim
	perOther int // units at one point of the others
	units    int
}

// splitLanes puts loop i of loops in the lanes.
func splitLanes(loops []tdim, i int) laneSplit {
	s := laneSplit{lanes: loops[i], perOther: (loops[i].ext + groupLanes - 1) / groupLanes}
	s.others = append(append(s.others, loops[:i]...), loops[i+1:]...)
	s.units = s.perOther
	for _, o := range s.others {
		s.units *= o.ext
	}
	return s
}

// unit is unit u's offsets (its first lane's) in the first factor, the
// second and the output, from bases pa, pb and po, and its lane count.
func (s laneSplit) unit(u, pa, pb, po int) (int, int, int, int) {
	pa, pb, po = outerBase(s.others, u/s.perOther, pa, pb, po)
	l0 := u % s.perOther * groupLanes
	L := s.lanes
	return pa + l0*L.ca, pb + l0*L.cb, po + l0*L.cout, min(groupLanes, L.ext-l0)
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
