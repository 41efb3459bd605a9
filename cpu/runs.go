package cpu

import "sync/atomic"

// The short-runs path. A contraction without an n loop — the second
// factor moves only with the groups, as in a depthwise convolution's
// weight gradient, dW[g, kh, kw] = Σ_{n,h,w} x[n, g, h+kh, w+kw] ·
// dy[n, g, h, w] — has one column, and its m loop, though unit-stride in
// the first factor, is a kernel row of a few taps: neither the 16-column
// tiles nor the narrow path's 16-row runs fill their lanes, and the
// scalar tiles ran it at a tenth of a multiply-add per cycle. Here each
// run of the m loop (kw's taps at one kh) takes the lanes of one vector,
// four runs (the kh rows) share each broadcast of the second factor, and
// both factors are read in place through their offset tables
// (kern8x4runs): a 3x3 kernel's nine taps are nine lanes of three
// vectors. The reduction is walked in the interpreter's order with its
// roundings, so results are its bits.
const (
	runLanes    = 8 // rows of a run (the lanes of a vector)
	runsPerTile = 4
)

// useRuns switches the short-runs path (where the vector kernels run).
var useRuns = true

// shortRunsRuns counts the contractions the short-runs path ran (tests).
var shortRunsRuns atomic.Int64

// shortRunsFit reports whether the short-runs path applies: no n loop,
// and m unit-stride in the first factor and at most runLanes long.
func shortRunsFit(dm, dn tdim) bool {
	return useRuns && dn.ext == 1 && dn.loop < 0 && dm.ca == 1 && dm.ext <= runLanes
}

// runShortRuns runs the contraction on the short-runs path: units are
// (group point, tile of up to runsPerTile runs), divided among the
// workers. A run whose in-place vector would leave a (the lanes past the
// run read on, and are dropped) is computed element by element instead.
func runShortRuns(k *kernel, a, b, out []float32, ra, rb []int, v *vecSpace, dm tdim, baseA, baseB, baseO int) error {
	shortRunsRuns.Add(1)
	K := len(ra)
	rowDims := v.rowDims[:len(v.rowDims)-1]
	nRuns := v.rowCount() / dm.ext
	runs, rWords := getInts(2 * nRuns)
	defer putWords(rWords)
	runA, runO := runs[:nRuns], runs[nRuns:]
	walkOffsets(rowDims, func(r, a, _, o int) { runA[r], runO[r] = a, o })
	tables, tWords := getInts(2 * K)
	defer putWords(tWords)
	raB, rbB := tables[:K], tables[K:]
	raLo, raHi := 0, 0
	for r := range ra {
		raB[r], rbB[r] = ra[r]*4, rb[r]*4
		if r == 0 {
			raLo, raHi = ra[0], ra[0]
		}
		raLo, raHi = min(raLo, ra[r]), max(raHi, ra[r])
	}
	tiles := (nRuns + runsPerTile - 1) / runsPerTile
	units := tiles
	for _, g := range v.groups {
		units *= g.ext
	}
	return parallelRange(k, units, int64(units)*runsPerTile*int64(dm.ext)*int64(K), func(lo, hi int) {
		var c [runsPerTile * runLanes]float32
		g, t := lo/tiles, lo%tiles
		pa, pb, po := v.groupBase(g, baseA, baseB, baseO)
		for u := lo; u < hi; u, t = u+1, t+1 {
			if t == tiles {
				g, t = g+1, 0
				pa, pb, po = v.groupBase(g, baseA, baseB, baseO)
			}
			n := min(runsPerTile, nRuns-t*runsPerTile)
			var offs [runsPerTile]int
			inPlace := K > 0
			for i := range offs {
				// Missing runs repeat the last one; their lanes are dropped.
				first := pa + runA[t*runsPerTile+min(i, n-1)]
				offs[i] = first * 4
				inPlace = inPlace && first+raLo >= 0 && first+raHi+runLanes <= len(a)
			}
			if !inPlace {
				for i := 0; i < n; i++ {
					ri := t*runsPerTile + i
					for j := 0; j < dm.ext; j++ {
						dot(a, b, out, pa+runA[ri]+j, pb, po+runO[ri]+j*dm.cout, ra, rb)
					}
				}
				continue
			}
			c = [runsPerTile * runLanes]float32{}
			if !v.outZero {
				for i := 0; i < n; i++ {
					gatherStrided(c[i*runLanes:i*runLanes+dm.ext], out, po+runO[t*runsPerTile+i], dm.cout)
				}
			}
			kern8x4runs(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], &c, K)
			for i := 0; i < n; i++ {
				scatterStrided(out, po+runO[t*runsPerTile+i], dm.cout, c[i*runLanes:i*runLanes+dm.ext])
			}
		}
	})
}
