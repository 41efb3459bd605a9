package cpu

import (
	"sync/atomic"
	"unsafe"
)

// Column windows. A 1x1 weight gradient, dW[co, ci] = Σ_{n,h,w}
// x[n, ci, h, w] · dy[n, co, h, w], has few rows (64 input channels), many
// columns (256 output channels) and a long reduction (every position of
// every image: 6272). vecGEMM gives each worker rows; every worker then
// streams the second factor's whole packed panel (K × 256 columns, 6.4
// MB, past the 2 MB L2) for its 32 rows, after the panel was written
// there by the packing: it ran at 57 GMAC/s against 120-145 for a 3x3
// gradient. Here each worker takes a window of the columns instead, all
// rows, and packs its window's panel one block of reduction points at a
// time (kBlockV × its columns, in L2), right before the rows use it; the
// accumulators of all its tiles wait in memory between blocks. Per
// worker that reads half of dy once and the rows once, nothing streams
// twice.
//
// Every accumulator still sees the reduction points in order through the
// same kernels (vecBlock): the interpreter's bits.

// windowRuns counts the contractions run by column windows (tests).
var windowRuns atomic.Int64

// windowsFit reports whether column windows apply: AVX-512 (the paired
// kernels), one group point, a second factor no group moves, every row
// tile full and read in place, no epilogue or stage, at least 4 n tiles
// to share out, a reduction of at least 4 blocks, rows too few to give
// each worker more than 4 batches, and all accumulators within 256 KB.
func windowsFit(v *vecSpace, raB []int, ep *tileEpilogue, stage *outStage) bool {
	nT := (v.dn.ext + vN - 1) / vN
	rows := len(v.rowA)
	return haveAVX512 && useAVX512 && useWindows && ep == nil && stage == nil && raB != nil &&
		!v.bMoves && v.units() == v.tiles() && rows%vM == 0 &&
		nT >= 4 && v.K >= 4*kBlockV && rows <= 8*vM*unitBatch &&
		rows*nT*vN*4 <= 256<<10
}

// useWindows switches the column windows.
var useWindows = true

// runWindows runs the contraction by column windows: a worker's share is
// a range of pairs of n tiles.
func runWindows(k *kernel, a, b, out []float32, rb, raB []int, v *vecSpace, baseA, baseB, baseO int) error {
	windowRuns.Add(1)
	nT := (v.dn.ext + vN - 1) / vN
	pairs := (nT + 1) / 2
	return parallelRange(k, pairs, int64(pairs)*2*vN*int64(len(v.rowA))*int64(v.K), func(lo, hi int) {
		columnWindow(a, b, out, rb, raB, v, baseA, baseB, baseO, 2*lo, min(nT, 2*hi))
	})
}

// columnWindow runs n tiles [ntLo, ntHi) for every row.
func columnWindow(a, b, out []float32, rb, raB []int, v *vecSpace, baseA, baseB, baseO, ntLo, ntHi int) {
	dn, K := v.dn, v.K
	wT := ntHi - ntLo
	mT := v.tiles()
	// The window as a loop of its own: its columns from ntLo·16 on.
	wdn := dn
	wdn.ext = min(dn.ext-ntLo*vN, wT*vN)
	pb, po := baseB+ntLo*vN*dn.cb, baseO+ntLo*vN*dn.cout
	csF, csWords := getFloats(mT * wT * vM * vN)
	defer putWords(csWords)
	cs := unsafe.Slice((*[vM * vN]float32)(unsafe.Pointer(&csF[0])), mT*wT)
	units := make([]unitTile, mT)
	for mt := range units {
		ut := &units[mt]
		ut.i0, ut.mr, ut.direct = mt*vM, vM, true
		for i := range ut.offs {
			ut.offs[i] = (baseA + v.rowA[ut.i0+i]) * 4
		}
		for nt := range wT {
			c := &cs[mt*wT+nt]
			*c = [vM * vN]float32{}
			if v.outZero {
				continue
			}
			nr := min(vN, wdn.ext-nt*vN)
			for i := range vM {
				gatherStrided(c[i*vN:i*vN+nr], out, po+v.rowO[ut.i0+i]+nt*vN*dn.cout, dn.cout)
			}
		}
	}
	panel, pWords := getFloats(wT * kBlockV * vN)
	defer putWords(pWords)
	// As in vecGEMM: two units at once where the rows run along the
	// reduction.
	quadsFit := quadsRead(raB, 4)
	for k0 := 0; k0 < K; k0 += kBlockV {
		k1 := min(K, k0+kBlockV)
		packPanels(panel, b, rb[k0:k1], pb, wdn, vN, 0, wT)
		seg := bSeg{k0: k0, k1: k1, panel: panel[:wT*(k1-k0)*vN]}
		for u0 := 0; u0 < mT; u0 += unitBatch {
			u1 := min(mT, u0+unitBatch)
			vecBlock(a, raB, units[u0:u1], cs[u0*wT:u1*wT], &seg, k0, k1, wT, true, quadsFit, v.fma)
		}
	}
	for mt := range units {
		for nt := range wT {
			c := &cs[mt*wT+nt]
			nr := min(vN, wdn.ext-nt*vN)
			for i := range vM {
				q := po + v.rowO[mt*vM+i] + nt*vN*dn.cout
				scatterStrided(out, q, dn.cout, c[i*vN:i*vN+nr])
			}
		}
	}
}
