package cpu

import (
	"sync/atomic"
	"unsafe"
)

// The narrow vector path. kern4x16 puts 16 columns of the n loop in its
// lanes; a contraction whose n loop is short leaves most of them idle (a
// data gradient into an image's 3 channels computes 16 lanes to keep 3,
// and ran 4x slower than PyTorch). Here the tile is transposed: 16
// consecutive rows of the first factor in the lanes, 4 columns
// (kern16x4). That needs the 16 rows of a tile to be one run of the first
// factor at each reduction point — the m loop unit-stride in it, as a
// convolution's w is in NCHW. Tiles follow the m loop's runs (narrowTiles)
// and read the first factor in place with two vector loads per reduction
// point, a partial tile's extra lanes reading on and dropped; a tile that
// cannot (its lanes would leave the buffer, or runs too short to follow)
// gathers a zero-padded [block][16] panel, a reduction block at a time.
// The second factor is packed into [K][4] panels (columns past the end
// zero), as packB does for 16.
//
// Each output element accumulates over the reduction points in the same
// order, with the same roundings, as on the other paths: the results are
// the interpreter's bit for bit.
const (
	nrM = 16 // rows per narrow tile (the lanes)
	nrN = 4  // columns per narrow tile
	// narrowMaxN is the longest n loop the narrow path takes: up to 8
	// columns fill at most half of kern4x16's lanes, while 4-column
	// tiles fill 62-100% of kern16x4's. (The preprocessing pass
	// decompose-strided-backward-data keeps dy in NCHW for such data
	// gradients: its option narrow-columns, DefaultNarrowColumns.)
	narrowMaxN = 8
)

// useNarrow switches the narrow path (where the vector kernels run).
var useNarrow = true

// narrowRuns counts the contractions the narrow path ran (for tests).
var narrowRuns atomic.Int64

// narrowFits reports whether the narrow path applies to tile loops dm,
// dn: an n loop, short, and m unit-stride in the first factor (without
// an n loop the one-column path, onecolumn.go, takes it).
func narrowFits(dm, dn tdim) bool {
	return useNarrow && dn.loop >= 0 && dn.ext <= narrowMaxN && dm.ca == 1
}

// packB4 packs the second factor's columns at offset pb into dst
// ([nT][K][nrN], columns past the end zero).
func packB4(dst, b []float32, rb []int, pb int, dn tdim) {
	packPanels(dst, b, rb, pb, dn, nrN, 0, (dn.ext+nrN-1)/nrN)
}

// narrowTile is one tile of a group's rows: nrM rows, the first mr of
// them real (the others' lanes are computed and dropped). A run tile's
// real rows are one run of the first factor (element offsets offA + i)
// and of the output (offO + i·dm.cout); the others' rows are the
// vecSpace's rows i0 to i0+mr.
type narrowTile struct {
	offA, offO int
	i0, mr     int
	run        bool
}

// narrowTiles cuts the rows of v into tiles; words, when not nil, is
// scratch memory to return (putWords) once the tiles are done with.
// When the m loop is long enough
// (at least nrM/2), tiles follow its runs: each run of dm.ext rows (an
// image row) is cut on its own, its last tile partial, so no tile
// straddles two runs, and only the runs' first offsets are computed: a
// 14-wide row's one tile fills 14 of 16 lanes, and a straddling tile
// would gather a panel, several times the cost of its multiplies.
// Shorter runs would leave most lanes idle: tiles then take nrM
// consecutive rows of the vecSpace's row tables (built here) across
// runs, and the ones that straddle gather a panel.
func narrowTiles(v *vecSpace, dm tdim) (tiles []narrowTile, words []uint64) {
	if dm.ext >= nrM/2 {
		runs := v.rowCount() / dm.ext
		tiles = make([]narrowTile, 0, runs*((dm.ext+nrM-1)/nrM))
		walkOffsets(v.rowDims[:len(v.rowDims)-1], func(_, a, _, o int) {
			for i := 0; i < dm.ext; i += nrM {
				tiles = append(tiles, narrowTile{offA: a + i, offO: o + i*dm.cout, mr: min(nrM, dm.ext-i), run: true})
			}
		})
		return tiles, nil
	}
	rows := v.rowCount()
	var buf []int
	buf, words = getInts(2 * rows)
	v.buildRows(buf)
	tiles = make([]narrowTile, 0, (rows+nrM-1)/nrM)
	for i0 := 0; i0 < rows; i0 += nrM {
		t := narrowTile{offA: v.rowA[i0], offO: v.rowO[i0], i0: i0, mr: min(nrM, rows-i0), run: true}
		for i := 1; t.run && i < t.mr; i++ {
			t.run = v.rowA[i0+i] == t.offA+i && v.rowO[i0+i]-t.offO == i*dm.cout
		}
		tiles = append(tiles, t)
	}
	return tiles, words
}

// narrowGEMM runs units [lo, hi) of the narrow path (a unit is one tile
// of one group; rows and groups as in vecSpace). shared, when not nil, is
// the second factor already packed by packB4 (no group loop moves it).
// raB is ra in bytes, or nil to pack every tile; raSpan is ra's range.
//
// A run tile reads the first factor in place, nrM floats from its first
// row's offset at each reduction point: the real rows' elements are the
// interpreter's reads; a partial tile's other lanes read on past the run
// (the next row's elements, or a region's neighbours), which is sound
// while they lie inside a — checked per tile, else it packs — and their
// lanes are never stored.
func narrowGEMM(a, b, out []float32, ra, rb, raB []int, raSpan tableSpan, v *vecSpace, tiles []narrowTile, dm tdim, baseA, baseB, baseO, lo, hi int, shared []float32) {
	K, dn := v.K, v.dn
	nT := (dn.ext + nrN - 1) / nrN
	bufB := shared
	if bufB == nil {
		var words []uint64
		bufB, words = getFloats(nT * K * nrN)
		defer putWords(words)
	}
	// A tile that does not read in place gathers one block of the
	// reduction at a time into the panel (kBlockV·nrM floats, whatever
	// K); the panel's table: point r of the block starts 64·r bytes in.
	panel, pWords := getFloats(kBlockV * nrM)
	defer putWords(pWords)
	panelRA, tWords := getInts(kBlockV)
	defer putWords(tWords)
	for r := range panelRA {
		panelRA[r] = r * nrM * 4
	}
	var cs [narrowMaxN / nrN][nrM * nrN]float32
	// Both n tiles in one call on AVX-512 (kern16x8: 16 rows a register,
	// each of the 8 columns one accumulator): two calls of kern16x4 (two
	// 8-lane halves a column) were a third of a grouped data gradient.
	wide := haveAVX512 && useAVX512
	// Units run in order: the group and its offsets change only after
	// its last tile (divisions per tile were a tenth of a one-tap
	// phase's time).
	g, ti := lo/len(tiles), lo%len(tiles)
	pa, pb, po := v.groupBase(g, baseA, baseB, baseO, nil)
	if shared == nil {
		packB4(bufB, b, rb, pb, dn)
	}
	for u := lo; u < hi; u, ti = u+1, ti+1 {
		if ti == len(tiles) {
			g, ti = g+1, 0
			pa, pb, po = v.groupBase(g, baseA, baseB, baseO, nil)
			if shared == nil && v.bMoves {
				packB4(bufB, b, rb, pb, dn)
			}
		}
		t := tiles[ti]
		var rowA, rowO []int
		if !t.run {
			rowA, rowO = v.rowA[t.i0:t.i0+t.mr], v.rowO[t.i0:t.i0+t.mr]
		}
		first := pa + t.offA
		inPlace := t.run && raB != nil && raSpan.holds(first, nrM, len(a))
		// With zeros on entry, the first block's kernels start from zero
		// sums (kern16x4z) and c needs no clearing: clearing two tiles
		// took a seventh of a grouped data gradient's narrow tiles.
		fromZero := v.outZero && K > 0
		for nt := 0; nt < nT && !fromZero; nt++ {
			c := &cs[nt]
			*c = [nrM * nrN]float32{}
			if v.outZero {
				continue
			}
			nr := min(nrN, dn.ext-nt*nrN)
			for j := 0; j < nr; j++ {
				q, col := po+(nt*nrN+j)*dn.cout, c[j*nrM:j*nrM+t.mr]
				if t.run {
					gatherStrided(col, out, q+t.offO, dm.cout)
				} else {
					gatherRows(col, out, q, rowO)
				}
			}
		}
		for k0 := 0; k0 < K; k0 += kBlockV {
			k1 := min(K, k0+kBlockV)
			var src *float32
			var table []int
			if inPlace {
				src, table = &a[first], raB[k0:k1]
			} else {
				for r, ia := range ra[k0:k1] {
					p := (*[nrM]float32)(panel[r*nrM : r*nrM+nrM])
					if t.run {
						copy(p[:t.mr], a[first+ia:first+ia+t.mr])
					} else {
						for i, q := range rowA {
							p[i] = a[pa+q+ia]
						}
					}
					clear(p[t.mr:])
				}
				src, table = &panel[0], panelRA
			}
			if wide && nT == 2 {
				b0, b1 := &bufB[k0*nrN], &bufB[(K+k0)*nrN]
				c := (*[2 * nrM * nrN]float32)(unsafe.Pointer(&cs[0]))
				switch {
				case fromZero && k0 == 0 && v.fma:
					kern16x8zf(src, &table[0], b0, b1, c, k1-k0)
				case fromZero && k0 == 0:
					kern16x8z(src, &table[0], b0, b1, c, k1-k0)
				case v.fma:
					kern16x8f(src, &table[0], b0, b1, c, k1-k0)
				default:
					kern16x8(src, &table[0], b0, b1, c, k1-k0)
				}
				continue
			}
			for nt := 0; nt < nT; nt++ {
				pb := &bufB[(nt*K+k0)*nrN]
				switch {
				case fromZero && k0 == 0 && v.fma:
					kern16x4zf(src, &table[0], pb, &cs[nt], k1-k0)
				case fromZero && k0 == 0:
					kern16x4z(src, &table[0], pb, &cs[nt], k1-k0)
				case v.fma:
					kern16x4f(src, &table[0], pb, &cs[nt], k1-k0)
				default:
					kern16x4(src, &table[0], pb, &cs[nt], k1-k0)
				}
			}
		}
		for nt := 0; nt < nT; nt++ {
			nr := min(nrN, dn.ext-nt*nrN)
			if t.run && dm.cout == 2 && haveAVX512 && useAVX512 {
				// A stride-2 phase's tile: its columns' even elements
				// in one call. The four corners of the stores are in
				// out, hence every store.
				q := po + nt*nrN*dn.cout + t.offO
				last := (t.mr - 1) * 2
				_, _, _ = out[q+last], out[q+(nr-1)*dn.cout], out[q+(nr-1)*dn.cout+last]
				storeEven16x4(&out[q], dn.cout*4, &cs[nt][0], evenMasks[t.mr], nr)
				continue
			}
			for j := 0; j < nr; j++ {
				q, col := po+(nt*nrN+j)*dn.cout, cs[nt][j*nrM:j*nrM+t.mr]
				if t.run {
					scatterStrided(out, q+t.offO, dm.cout, col)
				} else {
					scatterRows(out, q, rowO, col)
				}
			}
		}
	}
}

// scatterRows stores src[i] at out[q+rowO[i]]: one column of a narrow
// tile into its rows of the output.
func scatterRows(out []float32, q int, rowO []int, src []float32) {
	rowO = rowO[:len(src)]
	for i, x := range src {
		out[q+rowO[i]] = x
	}
}

// gatherRows loads dst[i] from out[q+rowO[i]] (scatterRows' inverse).
func gatherRows(dst, out []float32, q int, rowO []int) {
	rowO = rowO[:len(dst)]
	for i := range dst {
		dst[i] = out[q+rowO[i]]
	}
}

// runNarrow runs the contraction on the narrow path, its units divided
// among the workers (the caller runs any epilogue as a pass of its own).
func runNarrow(k *kernel, a, b, out []float32, ra, rb []int, v *vecSpace, dm tdim, baseA, baseB, baseO int) error {
	narrowRuns.Add(1)
	K := v.K
	var shared []float32
	if !v.bMoves {
		nT := (v.dn.ext + nrN - 1) / nrN
		var words []uint64
		shared, words = getFloats(nT * K * nrN)
		defer putWords(words)
		packB4(shared, b, rb, baseB, v.dn)
	}
	// raB (ra in bytes) lets run tiles read in place; without it
	// (useDirect off, for tests) every tile packs.
	var raB []int
	if useDirect && K > 0 {
		var words []uint64
		raB, words = inBytes(ra, 4)
		defer putWords(words)
	}
	tiles, words := narrowTiles(v, dm)
	if words != nil {
		defer putWords(words)
	}
	units := len(tiles)
	for _, g := range v.groups {
		units *= g.ext
	}
	return parallelRange(k, units, int64(units)*nrM*int64(K)*int64(v.dn.ext), func(lo, hi int) {
		narrowGEMM(a, b, out, ra, rb, raB, spanOf(ra), v, tiles, dm, baseA, baseB, baseO, lo, hi, shared)
	})
}
