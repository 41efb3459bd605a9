package cpu

import (
	"fmt"
	"sync/atomic"
)

// The one-column path. A contraction without an n loop — the second
// factor moves only with the groups: a depthwise convolution, whose
// weight gradient is dW[g, kh, kw] = Σ_{n,h,w} x[n, g, h+kh, w+kw] ·
// dy[n, g, h, w] and whose data gradient and forward pass apply one
// filter per channel — has one column, so the 16-column tiles keep one
// lane of 16 and the narrow path's tiles one column of 4; the scalar
// tiles ran a depthwise weight gradient at a tenth of a multiply-add per
// cycle. Here the m loop, unit-stride in the first factor, is cut into
// chunks of up to 8 consecutive rows, each the lanes of one vector (the
// kw taps of one kh: a 3x3 kernel's nine taps are three chunks of 3; an
// image row of 28 outputs, chunks of 8, 8, 8 and 4), and four chunks
// share each broadcast of the second factor (kern8x4runs); both factors
// are read in place through their offset tables. The reduction is walked
// in the interpreter's order with its roundings, so results are its bits.
const (
	runLanes    = 8 // rows of a chunk (the lanes of a vector)
	runsPerTile = 4 // chunks per kernel call
)

// useOneColumn switches the one-column path (where the vector kernels run).
var useOneColumn = true

// oneColumnRuns counts the contractions the one-column path ran,
// stridedColumnRuns those of them whose m loop is strided in the first
// factor, and phaseSplitRuns those of these it read from phase-split
// copies rather than packed tiles (tests).
var oneColumnRuns, stridedColumnRuns, phaseSplitRuns atomic.Int64

// stridedWideRuns counts the one-column tiles stored two elements apart
// from the registers (kern16x4runs2; tests).
var stridedWideRuns atomic.Int64

// oneColumnFits reports whether the one-column path applies: no n loop,
// and m moving forward in the first factor. Where m is not unit-stride
// there (a strided forward depthwise convolution reads every second
// input of a row), each tile's rows are first copied into a packed
// panel (packRuns) and the 8-lane kernel reads that: the scalar tiles
// took 5.5 ms for MobileNet's 64-channel stride-2 layer at 56x56 (3.6M
// multiply-adds).
func oneColumnFits(dm, dn tdim) bool {
	return useOneColumn && dn.ext == 1 && dn.loop < 0 && dm.ca >= 1
}

// packRuns copies the first factor's rows of a tile's chunks, for each
// of the reduction points ra, into panel: chunk i's point k is the
// runLanes lanes from (i·K + k)·runLanes, its rows stride elements apart
// in a from pa + offA + ra[k] (lanes past a chunk's rows keep what they
// held: their sums are dropped).
// Missing chunks (a short last tile) repeat the last one.
func packRuns(panel, a []float32, tile []runChunk, ra []int, pa, stride int) {
	K := len(ra)
	for i := range runsPerTile {
		ch := tile[min(i, len(tile)-1)]
		base := pa + ch.offA
		for k, r := range ra {
			dst := (*[runLanes]float32)(panel[(i*K+k)*runLanes:])
			q := base + r
			switch {
			case ch.n == runLanes && stride == 2:
				// A stride-2 convolution's rows, written out: the
				// general loop cost more than the multiply-adds.
				src := (*[2*runLanes - 1]float32)(a[q:])
				// Element by element: a composite literal is built in a
				// temporary and copied with wide loads that its narrow
				// stores cannot forward to.
				dst[0], dst[1], dst[2], dst[3] = src[0], src[2], src[4], src[6]
				dst[4], dst[5], dst[6], dst[7] = src[8], src[10], src[12], src[14]
			default:
				for j := range ch.n {
					dst[j] = a[q+j*stride]
				}
			}
		}
	}
}

// runChunk is up to runLanes consecutive rows of one run of the m loop:
// element offsets in the first factor and the output of its first row.
type runChunk struct{ offA, offO, n int }

// runOneColumn runs the contraction on the one-column path, or on the
// gathered-lanes path where its plan says so (planGather): units are
// (group point, tile of up to runsPerTile chunks), divided among the
// workers. From zeros on entry (v.outZero) every output is written
// without being read (the kernels start their sums at zero, the
// element-by-element tiles zero theirs first), so a zero fill deferred
// to the step (deferredFill) is dropped: a depthwise data gradient's
// regions then skip the fill of the whole gradient. On AVX-512 runs
// longer than 8 rows are cut into chunks of up to 16 (kern16x4runs), the
// lanes past a chunk's rows masked off, and the output read and written
// in place when its rows are consecutive elements. Otherwise a chunk's 8
// lanes past its rows read on in place (the rest of the image row, the
// next one) and are dropped; a tile where that would leave a is computed
// element by element instead. With a pad folded into the first factor
// (pad not nil) the tiles of a unit-stride m loop read windows built
// from the pad's source (padWindows); otherwise the pad is run in full
// first.
func runOneColumn(k *kernel, a, b, out []float32, ra, rb []int, v *vecSpace, dm tdim, baseA, baseB, baseO int, pad *padRun) error {
	K := len(ra)
	cp := k.tables().oneColumn(v, dm, ra, rb)
	if cp.gather != nil {
		return runGatherLanes(k, a, b, out, rb, cp.raB, v, cp.gather, baseA, baseB, baseO, pad)
	}
	var pw *padWindows
	if pad != nil {
		if !cp.strided && K > 0 {
			if !cp.padsPlanned {
				cp.pads, cp.padsPlanned = planPadWindows(cp.chunks, ra, cp.lanes), true
			}
			pw = cp.pads
		}
		if pw == nil {
			if err := k.unfoldPad(); err != nil {
				return err
			}
		}
	}
	oneColumnRuns.Add(1)
	strided, wide, lanes := cp.strided, cp.wide, cp.lanes
	if strided {
		stridedColumnRuns.Add(1)
	}
	chunks, raB, rbB, raSpan := cp.chunks, cp.raB, cp.rbB, cp.raSpan
	wts, reach, ph, packedRa := cp.wts, cp.reach, cp.ph, cp.packedRa
	if ph != nil {
		phaseSplitRuns.Add(1)
	}
	tiles := (len(chunks) + runsPerTile - 1) / runsPerTile
	units := tiles
	for _, g := range v.groups {
		units *= g.ext
	}
	dotOf := dotFor[float32](v.fma)
	load := 1
	if v.outZero {
		load = 0
	}
	return parallelRange(k, units, int64(units)*runsPerTile*int64(lanes)*int64(K), func(lo, hi int) {
		var c [runsPerTile * 2 * runLanes]float32
		var panel, phases []float32
		// Once a worker: an atomic add a tile would cost more than some
		// tiles.
		strided2 := false
		defer func() {
			if strided2 {
				stridedWideRuns.Add(1)
			}
		}()
		if ph != nil {
			p, words := getFloats(ph.s * ph.L)
			defer putWords(words)
			phases = p
		}
		if strided {
			p, words := getFloats(runsPerTile * K * runLanes)
			defer putWords(words)
			panel = p
		}
		var slots padSlots
		if pw != nil {
			p, words := getFloats(runsPerTile * pw.L)
			defer putWords(words)
			slots.buf = p
		}
		// The group and the elements (relative to its base) of the
		// window panel holds.
		splitG, wlo, wend := -1, 0, 0
		g, t := lo/tiles, lo%tiles
		pa, pb, po := v.groupBase(g, baseA, baseB, baseO, nil)
		inGroup := wts != nil && reach.fits(pa, po, raSpan, len(a), len(out))
		for u := lo; u < hi; u, t = u+1, t+1 {
			if t == tiles {
				g, t = g+1, 0
				pa, pb, po = v.groupBase(g, baseA, baseB, baseO, nil)
				inGroup = wts != nil && reach.fits(pa, po, raSpan, len(a), len(out))
			}
			tile := chunks[t*runsPerTile : min(len(chunks), (t+1)*runsPerTile)]
			if pw != nil {
				strided2 = runPadTile(pad, pw, &slots, b, out, &c, cp, t, g, pa, pb, po, dm.cout, v) || strided2
				continue
			}
			if inGroup && dm.cout == 1 {
				// Every chunk of the group is in range: the tile's
				// offsets, outputs and masks were worked out once. The
				// call is written out here, not through runWide: a
				// depthwise data gradient's 9-point tiles measured 13%
				// slower through the extra call.
				wt := &wts[t]
				var offs, outs [runsPerTile]int
				for i := range offs {
					offs[i], outs[i] = wt.offs[i]+pa*4, wt.outs[i]+po*4
				}
				if v.fma {
					kern16x4runsf(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], &out[0], &outs, wt.mask, load, K)
				} else {
					kern16x4runs(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], &out[0], &outs, wt.mask, load, K)
				}
				continue
			}
			if inGroup {
				strided2 = runWide(a, b, out, &c, &wts[t], tile, raB, rbB, pa, pb, po, dm.cout, v) || strided2
				continue
			}
			if wide && K > 0 {
				ran, s2 := wideRuns(a, b, out, &c, tile, raB, rbB, raSpan, pa, pb, po, dm.cout, v)
				strided2 = strided2 || s2
				if ran {
					continue
				}
			}
			var offs [runsPerTile]int
			if ph != nil && ph.near[t] {
				if splitG != g || !ph.holds(t, wlo, wend) {
					splitG = g
					wlo, wend = ph.windowFor(t)
					ph.split(phases, a, pa+wlo, wend-wlo)
				}
				for i := range offs {
					offs[i] = (tile[min(i, len(tile)-1)].offA - wlo) / ph.s * 4
				}
				runTile8(phases, b, out, &c, &offs, tile, ph.raB, rbB, pb, po, dm.cout, v)
				continue
			}
			if strided && K > 0 {
				packRuns(panel, a, tile, ra, pa, dm.ca)
				for i := range offs {
					offs[i] = i * K * runLanes * 4
				}
				runTile8(panel, b, out, &c, &offs, tile, packedRa, rbB, pb, po, dm.cout, v)
				continue
			}
			inPlace := !wide && K > 0
			for i := range offs {
				// Missing chunks repeat the last one; their lanes are
				// dropped.
				first := pa + tile[min(i, len(tile)-1)].offA
				offs[i] = first * 4
				inPlace = inPlace && raSpan.holds(first, runLanes, len(a))
			}
			if !inPlace {
				for _, ch := range tile {
					for j := 0; j < ch.n; j++ {
						o := po + ch.offO + j*dm.cout
						if v.outZero {
							out[o] = 0
						}
						dotOf(a, b, out, pa+ch.offA+j, pb, o, ra, rb)
					}
				}
				continue
			}
			runTile8(a, b, out, &c, &offs, tile, raB, rbB, pb, po, dm.cout, v)
		}
	})
}

// columnPlan is what runOneColumn works out of a contraction's loops
// and tables before its tiles run: the same in every run of a kept
// kernel (contractionTables).
type columnPlan struct {
	// strided: the m loop steps by more than one element of the first
	// factor; wide: runs longer than 8 rows in chunks of 16 (lanes).
	strided, wide bool
	lanes         int
	chunks        []runChunk
	raB, rbB      []int // the reduction tables in bytes
	raSpan        tableSpan
	// wts and reach: each tile's kernel arguments (wide).
	wts   []wideTile
	reach wideReach
	// ph: the phase split of a strided contraction's first factor, or
	// nil; packedRa: the byte offsets of a packed tile's points.
	ph       *phasePlan
	packedRa []int
	// gather: the gathered-lanes path's plan, which runs the contraction
	// instead where it applies (planGather), or nil.
	gather *gatherPlan
	// pads: the windows a folded pad's tiles read (nil: they do not fit
	// any), once padsPlanned.
	pads        *padWindows
	padsPlanned bool
}

// planOneColumn works out runOneColumn's plan. On AVX-512 runs longer
// than 8 rows are cut into chunks of up to 16; runs of up to 8 rows (a
// 3x3 kernel's taps) keep the 8-lane kernel: in 16 lanes they measured
// 1.5x slower (the weight gradient into 384 channels, 0.46 -> 0.70 ms).
func planOneColumn(v *vecSpace, dm tdim, ra, rb []int) *columnPlan {
	K := len(ra)
	cp := &columnPlan{strided: dm.ca != 1}
	if cp.gather = planGather(v, dm, K); cp.gather != nil {
		cp.raB = scaled(ra, 4)
		return cp
	}
	cp.wide = haveAVX512 && useAVX512 && dm.ext > runLanes && !cp.strided
	cp.lanes = runLanes
	if cp.wide {
		cp.lanes = 2 * runLanes
	}
	lanes := cp.lanes
	perRun := (dm.ext + lanes - 1) / lanes
	chunks := make([]runChunk, 0, v.rowCount()/dm.ext*perRun)
	walkOffsets(v.rowDims[:len(v.rowDims)-1], func(_, a, _, o int) {
		for i := 0; i < dm.ext; i += lanes {
			chunks = append(chunks, runChunk{offA: a + i*dm.ca, offO: o + i*dm.cout, n: min(lanes, dm.ext-i)})
		}
	})
	cp.chunks = chunks
	cp.raB, cp.rbB = scaled(ra, 4), scaled(rb, 4)
	cp.raSpan = spanOf(ra)
	tiles := (len(chunks) + runsPerTile - 1) / runsPerTile
	if cp.wide && K > 0 {
		cp.wts, cp.reach = wideTiles(chunks, tiles, dm.cout)
	}
	// A strided contraction reads phase-split copies of each group's
	// first factor where it can (phaseSplit), else packs each tile's
	// rows into a panel, where point k of every chunk is k·runLanes
	// floats from the chunk's start.
	if cp.strided && K > 0 {
		cp.ph = phaseSplit(chunks, ra, dm.ca)
	}
	if cp.strided {
		cp.packedRa = make([]int, K)
		for k := range cp.packedRa {
			cp.packedRa[k] = k * runLanes * 4
		}
	}
	return cp
}

// runTile8 runs one tile of up to runsPerTile chunks through the 8-lane
// kernel: the first factor read from a at each chunk's byte offset offs
// plus the reduction points' byte offsets raB (a in place, or a panel
// of packRuns), the outputs gathered into c and scattered back. Direct
// calls to the kernels: through a func value the arrays would escape to
// the heap, one allocation a tile.
func runTile8(a, b, out []float32, c *[runsPerTile * 2 * runLanes]float32, offs *[runsPerTile]int, tile []runChunk, raB, rbB []int, pb, po, cout int, v *vecSpace) {
	cs := (*[runsPerTile * runLanes]float32)(c[:runsPerTile*runLanes])
	*cs = [runsPerTile * runLanes]float32{}
	if !v.outZero {
		for i, ch := range tile {
			gatherStrided(cs[i*runLanes:i*runLanes+ch.n], out, po+ch.offO, cout)
		}
	}
	if v.fma {
		kern8x4runsf(&a[0], offs, &raB[0], &b[0], pb*4, &rbB[0], cs, len(raB))
	} else {
		kern8x4runs(&a[0], offs, &raB[0], &b[0], pb*4, &rbB[0], cs, len(raB))
	}
	for i, ch := range tile {
		scatterStrided(out, po+ch.offO, cout, cs[i*runLanes:i*runLanes+ch.n])
	}
}

// wideTile is one tile of kern16x4runs' arguments relative to its
// group's bases (byte offsets): the same in every group. outs is for
// outputs one element apart, summed in place.
type wideTile struct {
	offs, outs [runsPerTile]int
	mask       uint64
	// emasks: each chunk's lanes spread to even bits, for outputs two
	// elements apart (kern16x4runs2).
	emasks [runsPerTile]uint32
}

// wideReach is the element offsets, relative to a group's bases, that
// chunks reach: first factor rows from minA to before endA (before the
// reduction's offsets), outputs from minO to before endO.
type wideReach struct{ minA, endA, minO, endO int }

// fits reports whether every chunk's rows and outputs lie in the
// buffers for the group at bases pa and po.
func (r wideReach) fits(pa, po int, raSpan tableSpan, sizeA, sizeOut int) bool {
	return raSpan.holds(pa+r.minA, r.endA-r.minA, sizeA) && po+r.minO >= 0 && po+r.endO <= sizeOut
}

// join widens r to cover s.
func (r wideReach) join(s wideReach) wideReach {
	return wideReach{min(r.minA, s.minA), max(r.endA, s.endA), min(r.minO, s.minO), max(r.endO, s.endO)}
}

// wideTileOf works out one tile's kernel arguments and its chunks'
// reach, their outputs cout elements apart.
func wideTileOf(tile []runChunk, cout int) (wt wideTile, r wideReach) {
	const lanes = 2 * runLanes
	r = wideReach{minA: tile[0].offA, endA: tile[0].offA, minO: tile[0].offO, endO: tile[0].offO}
	for i := range runsPerTile {
		// Missing chunks repeat the last one, masked off.
		ch := tile[min(i, len(tile)-1)]
		wt.offs[i], wt.outs[i] = ch.offA*4, ch.offO*4
		if i < len(tile) {
			wt.mask |= (1<<ch.n - 1) << (lanes * i)
			wt.emasks[i] = evenBits(1<<ch.n - 1)
			last := ch.offO + (ch.n-1)*cout
			r = r.join(wideReach{ch.offA, ch.offA + ch.n, min(ch.offO, last), max(ch.offO, last) + 1})
		}
	}
	return wt, r
}

// evenBits spreads the 16 bits of m to the even bits of a 32-bit mask:
// bit j to bit 2j (lanes 0-7 in the low half, 8-15 in the high).
func evenBits(m uint32) uint32 {
	var e uint32
	for j := range 16 {
		e |= (m >> j & 1) << (2 * j)
	}
	return e
}

// wideTiles works out every tile's kernel arguments and all the
// chunks' reach.
func wideTiles(chunks []runChunk, tiles, cout int) ([]wideTile, wideReach) {
	wts := make([]wideTile, tiles)
	var reach wideReach
	for t := range wts {
		var r wideReach
		wts[t], r = wideTileOf(chunks[t*runsPerTile:min(len(chunks), (t+1)*runsPerTile)], cout)
		if t == 0 {
			reach = r
		}
		reach = reach.join(r)
	}
	return wts, reach
}

// wideRuns runs one tile of up to four chunks of up to 16 rows through
// kern16x4runs, where its chunks' rows and outputs lie in the buffers;
// it reports false, having done nothing, where they would leave them
// (the caller then computes the tile element by element). The masks
// keep every access to a row's own elements.
func wideRuns(a, b, out []float32, c *[runsPerTile * 2 * runLanes]float32, tile []runChunk, raB, rbB []int, raSpan tableSpan, pa, pb, po, cout int, v *vecSpace) (ran, strided2 bool) {
	wt, r := wideTileOf(tile, cout)
	if !r.fits(pa, po, raSpan, len(a), len(out)) {
		return false, false
	}
	return true, runWide(a, b, out, c, &wt, tile, raB, rbB, pa, pb, po, cout, v)
}

// runWide runs one tile whose chunks lie in the buffers: outputs one
// element apart are summed in place, two apart from zero sums stored
// from the registers (kern16x4runs2, reported by strided2), others go
// through c, gathered and scattered.
func runWide(a, b, out []float32, c *[runsPerTile * 2 * runLanes]float32, wt *wideTile, tile []runChunk, raB, rbB []int, pa, pb, po, cout int, v *vecSpace) (strided2 bool) {
	const lanes = 2 * runLanes
	load := 1
	if v.outZero {
		load = 0
	}
	var offs, outs [runsPerTile]int
	for i := range offs {
		offs[i], outs[i] = wt.offs[i]+pa*4, wt.outs[i]+po*4
	}
	if cout == 2 && load == 0 {
		// A stride-2 phase's row from zero: its outputs stored from the
		// registers to every other element (every address is a chunk's
		// output: the tile's reach lies in out).
		if v.fma {
			kern16x4runs2f(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], &out[0], &outs, wt.mask, &wt.emasks, len(raB))
		} else {
			kern16x4runs2(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], &out[0], &outs, wt.mask, &wt.emasks, len(raB))
		}
		return true
	}
	dst := &out[0]
	if cout != 1 {
		for i, ch := range tile {
			outs[i] = i * lanes * 4
			if load != 0 {
				gatherStrided(c[i*lanes:i*lanes+ch.n], out, po+ch.offO, cout)
			}
		}
		dst = &c[0]
	}
	if v.fma {
		kern16x4runsf(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], dst, &outs, wt.mask, load, len(raB))
	} else {
		kern16x4runs(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], dst, &outs, wt.mask, load, len(raB))
	}
	if cout != 1 {
		for i, ch := range tile {
			scatterStrided(out, po+ch.offO, cout, c[i*lanes:i*lanes+ch.n])
		}
	}
	return false
}

// phasePlan is a strided one-column contraction read from phase-split
// copies of its first factor. Where m steps s elements in the first
// factor (a stride-s forward depthwise convolution), splitting a window
// of a group's elements by their offset modulo s makes every chunk's
// rows consecutive: element wlo + s·q + p goes to phase p, entry q, at
// p·L + q of the copy. When every chunk starts on a multiple of s, the
// split offset of (chunk, reduction point) is the chunk's offset plus
// the point's, so the 8-lane kernel runs on the copy as it runs in
// place. A worker splits a window of L·s elements from the first tile
// that needs it and keeps it while the next tiles' rows lie inside (the
// tiles run in the order of their offsets), so each element is copied
// about once, and each tile's loads are unit-stride. Packing each tile's
// rows instead (packRuns) copies an element for every multiply-add.
type phasePlan struct {
	s, L int
	// lo and hi bound the elements each tile reads, relative to its
	// group's base; near says the tile reads from split windows (a tile
	// whose chunks lie far apart, in two batch images, packs its rows);
	// raB is each reduction point's split offset in bytes.
	lo, hi []int
	near   []bool
	raB    []int
}

// phaseWindow is the least number of entries a phase of a window holds:
// windows of 2·4096 floats (32 KB) at stride 2. A tile that reads across
// more than a quarter of that is packed.
const phaseWindow = 4096

// maxPhaseFloats bounds a window (one per worker).
const maxPhaseFloats = 1 << 22

// phaseSplit plans the split for chunks that step s elements a row
// through the first factor, tiled runsPerTile at a time, with reduction
// offsets ra; nil when a chunk starts off a multiple of s or a tile's
// reach would not fit a window.
func phaseSplit(chunks []runChunk, ra []int, s int) *phasePlan {
	if s < 2 || len(chunks) == 0 || len(ra) == 0 {
		return nil
	}
	span := spanOf(ra)
	tiles := (len(chunks) + runsPerTile - 1) / runsPerTile
	ph := &phasePlan{s: s, lo: make([]int, tiles), hi: make([]int, tiles), near: make([]bool, tiles), raB: make([]int, len(ra))}
	need, near := 0, 0
	for t := range tiles {
		tile := chunks[t*runsPerTile : min(len(chunks), (t+1)*runsPerTile)]
		minO, maxO := tile[0].offA, tile[0].offA
		for _, ch := range tile {
			if ch.offA%s != 0 {
				return nil
			}
			minO, maxO = min(minO, ch.offA), max(maxO, ch.offA)
		}
		// Every lane of the tile's chunks, those past their rows too.
		ph.lo[t] = minO + span.lo
		ph.hi[t] = maxO + (runLanes-1)*s + span.hi + 1
		if ph.near[t] = ph.hi[t]-ph.lo[t] <= phaseWindow*s/4; ph.near[t] {
			need = max(need, (ph.hi[t]-floorDiv(ph.lo[t], s)*s+s-1)/s)
			near++
		}
	}
	if near == 0 {
		return nil
	}
	ph.L = max(need, phaseWindow)
	if s*ph.L > maxPhaseFloats {
		return nil
	}
	// The windows must copy fewer elements than packing would: not so
	// where a tile's reduction points reach far (a weight gradient's sum
	// over the batch), so that each tile needs a window of its own.
	copied, wlo, wend := 0, 0, -1
	for t := range tiles {
		if ph.near[t] && !ph.holds(t, wlo, wend) {
			wlo, wend = ph.windowFor(t)
			copied += wend - wlo
		}
	}
	if 2*copied > near*runsPerTile*len(ra)*runLanes {
		return nil
	}
	for k, r := range ra {
		q := floorDiv(r, s)
		ph.raB[k] = ((r-q*s)*ph.L + q) * 4
	}
	return ph
}

// floorDiv is a/b rounded toward −∞ (b > 0): reduction offsets may be
// negative.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// holds reports whether the window [wlo, wend) holds what tile t reads.
func (ph *phasePlan) holds(t, wlo, wend int) bool {
	return ph.lo[t] >= wlo && ph.hi[t] <= wend
}

// windowFor returns the window split for tile t: from its first element
// (down to a multiple of s) to window's end.
func (ph *phasePlan) windowFor(t int) (wlo, wend int) {
	wlo = floorDiv(ph.lo[t], ph.s) * ph.s
	return wlo, ph.window(wlo, t)
}

// window returns the end of the window split from wlo for tile t on: it
// reaches as far as the tiles from t on read, while they lie inside L·s
// elements from wlo and each starts within what the tiles before it
// read, so that no more is copied than the tiles read (a 30x30 image is
// 900 elements, not a window's 8192; the next batch image's plane, a
// channel count of planes on, starts a window of its own).
func (ph *phasePlan) window(wlo, t int) (wend int) {
	wend = ph.hi[t]
	for u := t + 1; u < len(ph.lo) && ph.near[u] && ph.lo[u] >= wlo && ph.lo[u] <= wend && ph.hi[u] <= wlo+ph.s*ph.L; u++ {
		wend = max(wend, ph.hi[u])
	}
	return wend
}

// split copies the n elements of a from element from on into dst by
// phases; elements outside a (which only lanes past a chunk's rows read)
// are zeros.
func (ph *phasePlan) split(dst, a []float32, from, n int) {
	for p := range ph.s {
		d := dst[p*ph.L : p*ph.L+(n-p+ph.s-1)/ph.s]
		e := from + p
		if len(d) == 0 {
			continue
		}
		if e >= 0 && e+(len(d)-1)*ph.s < len(a) {
			if ph.s == 2 {
				src := a[e : e+2*(len(d)-1)+1]
				for q := range d {
					d[q] = src[2*q]
				}
				continue
			}
			for q := range d {
				d[q] = a[e+q*ph.s]
			}
			continue
		}
		for q := range d {
			if i := e + q*ph.s; i >= 0 && i < len(a) {
				d[q] = a[i]
			} else {
				d[q] = 0
			}
		}
	}
}

// padWindows are the windows of a group's padded first factor that the
// one-column tiles of a folded pad read: window w is the elements
// [lo[w], hi[w]) relative to the group's base. A window
// grows over the chunks that follow on while it stays within
// padWindowMax elements (an image's padded plane, 30x30, is one; the
// next image's starts another), so each element is built about once.
type padWindows struct {
	lo, hi []int
	L      int // the longest window
	// Per tile: its chunks' byte offsets from the slots' start (window
	// w in slot w mod runsPerTile), and its first and last window.
	offs   [][runsPerTile]int
	w0, w1 []int
}

// padWindowMax bounds a window (16 KB), and runsPerTile of them the
// windows a worker keeps.
const padWindowMax = 4096

// planPadWindows plans the windows of chunks, each of whose lanes reads
// from its row's offset on plus each of ra; nil when a chunk's reach
// alone passes padWindowMax.
func planPadWindows(chunks []runChunk, ra []int, lanes int) *padWindows {
	span := spanOf(ra)
	pw := &padWindows{}
	win := make([]int, len(chunks)) // each chunk's window
	for i, ch := range chunks {
		// Every lane of the chunk, those past its rows too.
		lo, hi := ch.offA+span.lo, ch.offA+lanes+span.hi
		if hi-lo > padWindowMax {
			return nil
		}
		n := len(pw.lo) - 1
		if n >= 0 && lo >= pw.lo[n] && lo <= pw.hi[n] && max(hi, pw.hi[n])-pw.lo[n] <= padWindowMax {
			pw.hi[n] = max(pw.hi[n], hi)
		} else {
			pw.lo, pw.hi = append(pw.lo, lo), append(pw.hi, hi)
			n++
		}
		win[i] = n
	}
	for w := range pw.lo {
		pw.L = max(pw.L, pw.hi[w]-pw.lo[w])
	}
	tiles := (len(chunks) + runsPerTile - 1) / runsPerTile
	pw.offs, pw.w0, pw.w1 = make([][runsPerTile]int, tiles), make([]int, tiles), make([]int, tiles)
	for t := range tiles {
		first := t * runsPerTile
		last := min(len(chunks), first+runsPerTile) - 1
		pw.w0[t], pw.w1[t] = win[first], win[last]
		for i := range runsPerTile {
			// Missing chunks repeat the last one; their lanes are
			// dropped.
			ci := min(first+i, last)
			w := win[ci]
			pw.offs[t][i] = (w%runsPerTile*pw.L - pw.lo[w] + chunks[ci].offA) * 4
		}
	}
	return pw
}

// padSlots are a worker's windows: slot i of buf (L floats each) holds
// the window w ≡ i (mod runsPerTile) of a group, key[i] = its group ·
// windows + w + 1 (0: none). A tile's chunks lie in consecutive
// windows, so no two of them need one slot.
type padSlots struct {
	buf []float32
	key [runsPerTile]int
}

// runPadTile runs tile t of group g (bases pa, pb and po) on the
// windows of a folded pad, building those its chunks read that the
// worker does not hold; it reports whether it stored two elements apart
// from the registers (kern16x4runs2).
func runPadTile(pad *padRun, pw *padWindows, slots *padSlots, b, out []float32, c *[runsPerTile * 2 * runLanes]float32, cp *columnPlan, t, g, pa, pb, po, cout int, v *vecSpace) bool {
	chunks := cp.chunks
	first := t * runsPerTile
	tile := chunks[first:min(len(chunks), first+runsPerTile)]
	key := g*len(pw.lo) + 1
	for w := pw.w0[t]; w <= pw.w1[t]; w++ {
		if sl := w % runsPerTile; slots.key[sl] != key+w {
			pad.window(slots.buf[sl*pw.L:sl*pw.L+pw.hi[w]-pw.lo[w]], pa+pw.lo[w])
			slots.key[sl] = key + w
		}
	}
	offs := &pw.offs[t]
	a := slots.buf
	if cp.wts == nil {
		runTile8(a, b, out, c, offs, tile, cp.raB, cp.rbB, pb, po, cout, v)
		return false
	}
	// The kernels store into out unchecked: the tile's outputs must lie
	// in it, as the in-place paths check.
	if r := cp.reach; po+r.minO < 0 || po+r.endO > len(out) {
		panic(fmt.Sprintf("one-column outputs [%d, %d) outside %d", po+r.minO, po+r.endO, len(out)))
	}
	wt := &cp.wts[t]
	if cout != 1 {
		w := *wt
		w.offs = *offs
		return runWide(a, b, out, c, &w, tile, cp.raB, cp.rbB, 0, pb, po, cout, v)
	}
	load := 1
	if v.outZero {
		load = 0
	}
	var outs [runsPerTile]int
	for i := range outs {
		outs[i] = wt.outs[i] + po*4
	}
	if v.fma {
		kern16x4runsf(&a[0], offs, &cp.raB[0], &b[0], pb*4, &cp.rbB[0], &out[0], &outs, wt.mask, load, len(cp.raB))
	} else {
		kern16x4runs(&a[0], offs, &cp.raB[0], &b[0], pb*4, &cp.rbB[0], &out[0], &outs, wt.mask, load, len(cp.raB))
	}
	return false
}
