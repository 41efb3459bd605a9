package cpu

import "sync/atomic"

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

// oneColumnRuns counts the contractions the one-column path ran (tests).
var oneColumnRuns atomic.Int64

// oneColumnFits reports whether the one-column path applies: no n loop,
// and m unit-stride in the first factor.
func oneColumnFits(dm, dn tdim) bool {
	return useOneColumn && dn.ext == 1 && dn.loop < 0 && dm.ca == 1
}

// runChunk is up to runLanes consecutive rows of one run of the m loop:
// element offsets in the first factor and the output of its first row.
type runChunk struct{ offA, offO, n int }

// runOneColumn runs the contraction on the one-column path: units are
// (group point, tile of up to runsPerTile chunks), divided among the
// workers. A chunk's lanes past its rows read on in place (the rest of
// the image row, the next one) and are dropped; a tile where that would
// leave a is computed element by element instead.
func runOneColumn(k *kernel, a, b, out []float32, ra, rb []int, v *vecSpace, dm tdim, baseA, baseB, baseO int) error {
	oneColumnRuns.Add(1)
	K := len(ra)
	perRun := (dm.ext + runLanes - 1) / runLanes
	chunks := make([]runChunk, 0, v.rowCount()/dm.ext*perRun)
	walkOffsets(v.rowDims[:len(v.rowDims)-1], func(_, a, _, o int) {
		for i := 0; i < dm.ext; i += runLanes {
			chunks = append(chunks, runChunk{offA: a + i, offO: o + i*dm.cout, n: min(runLanes, dm.ext-i)})
		}
	})
	raB, aWords := inBytes(ra, 4)
	defer putWords(aWords)
	rbB, bWords := inBytes(rb, 4)
	defer putWords(bWords)
	raSpan := spanOf(ra)
	tiles := (len(chunks) + runsPerTile - 1) / runsPerTile
	units := tiles
	for _, g := range v.groups {
		units *= g.ext
	}
	dotOf := dotFor[float32](v.fma)
	return parallelRange(k, units, int64(units)*runsPerTile*runLanes*int64(K), func(lo, hi int) {
		var c [runsPerTile * runLanes]float32
		g, t := lo/tiles, lo%tiles
		pa, pb, po := v.groupBase(g, baseA, baseB, baseO, nil)
		for u := lo; u < hi; u, t = u+1, t+1 {
			if t == tiles {
				g, t = g+1, 0
				pa, pb, po = v.groupBase(g, baseA, baseB, baseO, nil)
			}
			tile := chunks[t*runsPerTile : min(len(chunks), (t+1)*runsPerTile)]
			var offs [runsPerTile]int
			inPlace := K > 0
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
						dotOf(a, b, out, pa+ch.offA+j, pb, po+ch.offO+j*dm.cout, ra, rb)
					}
				}
				continue
			}
			c = [runsPerTile * runLanes]float32{}
			if !v.outZero {
				for i, ch := range tile {
					gatherStrided(c[i*runLanes:i*runLanes+ch.n], out, po+ch.offO, dm.cout)
				}
			}
			// Direct calls: through a func value the arrays would
			// escape to the heap, one allocation a tile.
			if v.fma {
				kern8x4runsf(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], &c, K)
			} else {
				kern8x4runs(&a[0], &offs, &raB[0], &b[0], pb*4, &rbB[0], &c, K)
			}
			for i, ch := range tile {
				scatterStrided(out, po+ch.offO, dm.cout, c[i*runLanes:i*runLanes+ch.n])
			}
		}
	})
}
