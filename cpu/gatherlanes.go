package cpu

import (
	"math"
	"sync/atomic"
)

// The gathered-lanes path. A depthwise convolution's contraction has no
// n loop, so the one-column path puts its m loop (an image row) in the
// lanes, 8 or 16 rows a chunk. Where that loop is strided that fits
// badly: an edge region of a strided data gradient
// (decompose-strided-backward-data) is a column of each channel's image,
// out[n, g, 2u, 0] = Σ_t dy[n, g, u+t, 0] · w[g, t] over one or two taps,
// whose chunks were packed element by element and scattered one by one
// (about 10 ns an output: 0.6 ms of a MobileNet-like training step for a
// few thousand multiply-adds); a stride-2 forward depthwise convolution
// reads every other input of a row; a data gradient's phases store every
// other output of a row (two masked stores a chunk for one to four taps).
// Here the lanes are 16 groups (channels) instead, whose elements lie a
// channel apart: each row of every group (an output pixel) gathers its 16
// groups' values at each reduction point, multiplies them by the point's
// 16 filter values (packed once for 16 groups) and scatters its 16 sums
// (gatherLanes16). It is taken where the m loop is strided in the first
// factor, with up to 32 points (a 5x5 window), and where it is
// unit-stride but the outputs are not (the phases) or the rows are short
// (7x7 images), with up to 4 points: there the one-column path reads its
// rows in place, and with more points (a 3x3 window over 7x7 images) ran
// as fast. Measured against the one-column path (best of 100, 2 threads):
// depthwise 3x3 stride-2 data gradients into 8x96x56x56 1.64 -> 1.16 ms,
// 8x144x28x28 0.81 -> 0.42, 8x384x14x14 1.05 -> 0.39-0.48; stride-2
// forward ones from 8x64x56x56 1.08 -> 0.70 ms, 8x32x112x112 2.0 -> 1.3,
// a 5x5 one from 8x96x12x12 0.38 -> 0.155; stride 1 unchanged (it does
// not apply). Each output still sums its points in the interpreter's
// order with its roundings: its bits.
const (
	// gatherMaxPoints bounds the reduction (a 5x5 window; the filter
	// values of a block of 16 groups are kept on the stack), and
	// gatherMaxUnitPoints where the m loop is unit-stride in the first
	// factor.
	gatherMaxPoints     = 32
	gatherMaxUnitPoints = 4
	// gatherLaneRows is the rows a unit of work runs, for one block of 16
	// groups.
	gatherLaneRows = 32
)

// useGatherLanes switches the gathered-lanes path.
var useGatherLanes = true

// gatherLaneRuns counts the contractions the gathered-lanes path ran
// (tests).
var gatherLaneRuns atomic.Int64

// gatherPlan is the gathered-lanes path's plan of a one-column
// contraction: the rows' byte offsets in the first factor and the
// output relative to a group's bases, and each lane's byte offset (its
// group's) in both.
type gatherPlan struct {
	rowsA, rowsO []int
	aIdx, oIdx   [groupLanes]int32
	laneCA       int // the lanes' group loop's step in the first factor
	// pads: the reach of each block of rows, for a folded pad's windows
	// (nil: a block reaches too far), once padsPlanned.
	pads        *gatherReach
	padsPlanned bool
}

// gatherReach cuts the rows into blocks for a folded pad's windows: block
// i is rows [start[i], start[i+1]), at most gatherLaneRows, that read the
// elements [lo[i], hi[i]) relative to a group's base, within
// padWindowMax of each other (a block of the plain path may straddle two
// batch images, a plane of channels apart). A worker's window of a lane
// holds padWindowMax elements.
type gatherReach struct {
	start, lo, hi []int
}

// planGatherReach cuts gp's rows into blocks, with reduction byte
// offsets raB; nil when one row's reach alone passes padWindowMax.
func planGatherReach(gp *gatherPlan, raB []int) *gatherReach {
	span := spanOf(raB)
	gr := &gatherReach{}
	for r := range gp.rowsA {
		lo, hi := (gp.rowsA[r]+span.lo)/4, (gp.rowsA[r]+span.hi)/4+1
		if hi-lo > padWindowMax {
			return nil
		}
		if n := len(gr.lo) - 1; n >= 0 && r-gr.start[n] < gatherLaneRows && max(hi, gr.hi[n])-min(lo, gr.lo[n]) <= padWindowMax {
			gr.lo[n], gr.hi[n] = min(lo, gr.lo[n]), max(hi, gr.hi[n])
			continue
		}
		gr.start, gr.lo, gr.hi = append(gr.start, r), append(gr.lo, lo), append(gr.hi, hi)
	}
	gr.start = append(gr.start, len(gp.rowsA))
	if len(gr.lo)*gatherMinPadRows > len(gp.rowsA) {
		// Rows far apart (the batch in the m loop: a 7x7 image's pixels
		// a plane of channels apart) would build 16 windows a few rows:
		// 13x the padded copy's time.
		return nil
	}
	return gr
}

// gatherMinPadRows is the fewest rows a block of a folded pad's windows
// may average.
const gatherMinPadRows = 8

// planGather plans the gathered-lanes path for a one-column contraction
// (m loop dm, K reduction points), or returns nil when it does not
// apply: AVX-512; m strided in the first factor with at most
// gatherMaxPoints points, or unit-stride with at most gatherMaxUnitPoints
// and either strided in the output or shorter than a chunk of runLanes;
// and one group loop of at least 16 points (the others of one) that
// moves both factors and the output, its 16 lanes' byte offsets within
// int32.
func planGather(v *vecSpace, dm tdim, K int) *gatherPlan {
	if !useGatherLanes || !haveAVX512 || !useAVX512 || K < 1 || K > gatherMaxPoints {
		return nil
	}
	if dm.ca == 1 && (K > gatherMaxUnitPoints || (dm.cout == 1 && dm.ext >= runLanes)) {
		return nil
	}
	gl := -1
	for i, g := range v.groups {
		if g.ext == 1 {
			continue
		}
		if gl >= 0 {
			return nil
		}
		gl = i
	}
	if gl < 0 {
		return nil
	}
	g := v.groups[gl]
	if g.ext < groupLanes || g.ca == 0 || g.cb == 0 || g.cout == 0 ||
		(groupLanes-1)*4*max(abs64(int64(g.ca)), abs64(int64(g.cout))) > math.MaxInt32 {
		return nil
	}
	rows := v.rowCount()
	rowA, rowO := make([]int, rows), make([]int, rows)
	offsetTables(v.rowDims, rowA, nil, rowO)
	gp := &gatherPlan{rowsA: scaled(rowA, 4), rowsO: scaled(rowO, 4), laneCA: g.ca}
	for l := range groupLanes {
		gp.aIdx[l], gp.oIdx[l] = int32(l*g.ca*4), int32(l*g.cout*4)
	}
	return gp
}

// runGatherLanes runs the contraction on the gathered-lanes path: units
// are (block of 16 groups, block of gatherLaneRows rows), divided among the
// workers. From zeros on entry (v.outZero) every output is written
// without being read. With a pad folded into the first factor (pad not
// nil), each lane reads a window of its group's padded elements that a
// worker builds from the pad's source and keeps while the next blocks of
// rows read inside it.
func runGatherLanes(k *kernel, a, b, out []float32, rb, raB []int, v *vecSpace, gp *gatherPlan, baseA, baseB, baseO int, pad *padRun) error {
	var gr *gatherReach
	if pad != nil {
		if !gp.padsPlanned {
			gp.pads, gp.padsPlanned = planGatherReach(gp, raB), true
		}
		if gr = gp.pads; gr == nil {
			if err := k.unfoldPad(); err != nil {
				return err
			}
		}
	}
	gatherLaneRuns.Add(1)
	G, K, R := v.groupCount(), len(raB), len(gp.rowsA)
	blocks, rowBlocks := (G+groupLanes-1)/groupLanes, (R+gatherLaneRows-1)/gatherLaneRows
	if gr != nil {
		rowBlocks = len(gr.lo)
	}
	units := blocks * rowBlocks
	load := 1
	if v.outZero {
		load = 0
	}
	return parallelRange(k, units, int64(units)*gatherLaneRows*groupLanes*int64(K+1), func(lo, hi int) {
		var bp [gatherMaxPoints * groupLanes]float32
		packed := -1
		// A folded pad's windows: lane l's elements [wlo, wend) of its
		// group's from win[l·L] on, for block wblk; the rows' offsets
		// into them, and the lanes'.
		var win []float32
		var rowsW [gatherLaneRows]int
		var wIdx [groupLanes]int32
		wblk, wlo, wend := -1, 0, 0
		// The lanes' windows an odd number of cache lines apart: 16 KB
		// apart, every gather's 16 lines fell in one set of L1.
		ws := 0
		if gr != nil {
			ws = oddLines(padWindowMax)
			w, words := getFloats(groupLanes * ws)
			defer putWords(words)
			win = w
			for l := range wIdx {
				wIdx[l] = int32(l * ws * 4)
			}
		}
		for u := lo; u < hi; u++ {
			blk, r0 := u/rowBlocks, u%rowBlocks*gatherLaneRows
			rows := min(R, r0+gatherLaneRows) - r0
			if gr != nil {
				r0 = gr.start[u%rowBlocks]
				rows = gr.start[u%rowBlocks+1] - r0
			}
			g0 := blk * groupLanes
			n := min(groupLanes, G-g0)
			if blk != packed {
				// The block's filter values, 16 groups side by side
				// (lanes past the groups zero: their sums are dropped).
				bp = [gatherMaxPoints * groupLanes]float32{}
				for l := range n {
					_, pb, _ := v.groupBase(g0+l, baseA, baseB, baseO, nil)
					for r, o := range rb {
						bp[r*groupLanes+l] = b[pb+o]
					}
				}
				packed = blk
			}
			pa, _, po := v.groupBase(g0, baseA, baseB, baseO, nil)
			if gr != nil {
				i := u % rowBlocks
				if wblk != blk || gr.lo[i] < wlo || gr.hi[i] > wend {
					// A new window: from this block's first element on,
					// as far as the next blocks read while it holds them.
					wblk, wlo, wend = blk, gr.lo[i], gr.hi[i]
					for j := i + 1; j < len(gr.lo) && gr.lo[j] >= wlo && gr.hi[j]-wlo <= padWindowMax; j++ {
						wend = max(wend, gr.hi[j])
					}
					for l := range n {
						pad.window(win[l*ws:l*ws+wend-wlo], pa+l*gp.laneCA+wlo)
					}
				}
				for r := range rows {
					rowsW[r] = gp.rowsA[r0+r] - wlo*4
				}
				if v.fma {
					gatherLanes16f(&win[0], &wIdx, &rowsW[0], &raB[0], K, &bp[0], &out[po], &gp.oIdx, &gp.rowsO[r0], rows, 1<<n-1, load)
				} else {
					gatherLanes16(&win[0], &wIdx, &rowsW[0], &raB[0], K, &bp[0], &out[po], &gp.oIdx, &gp.rowsO[r0], rows, 1<<n-1, load)
				}
				continue
			}
			if v.fma {
				gatherLanes16f(&a[pa], &gp.aIdx, &gp.rowsA[r0], &raB[0], K, &bp[0], &out[po], &gp.oIdx, &gp.rowsO[r0], rows, 1<<n-1, load)
			} else {
				gatherLanes16(&a[pa], &gp.aIdx, &gp.rowsA[r0], &raB[0], K, &bp[0], &out[po], &gp.oIdx, &gp.rowsO[r0], rows, 1<<n-1, load)
			}
		}
	})
}
