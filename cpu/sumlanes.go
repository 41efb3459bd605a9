package cpu

import "sync/atomic"

// Plain sums in lanes. A bias gradient, db[c] = Σ_{n,h,w} dy[n, c, h, w],
// is one chain of dependent adds per channel; four chains at a time
// (sumDot4) run at one add a cycle, the adds' latency, and summed 8x256
// channels of 28x28 in 0.25 ms. Here 16 channels are the lanes of one
// accumulator: where 16 consecutive reduction points are 16 consecutive
// elements (a row of positions), the 16 channels' 16x16 block is
// transposed in registers and its columns added in turn (sumT16x16), 16
// adds of 16 lanes for 256 elements; other points add lane by lane. Each
// channel still adds its elements in the interpreter's order, each add
// rounded alone: the same bits.

// sumLaneRuns counts the sums run in lanes (tests).
var sumLaneRuns atomic.Int64

// useSumLanes switches sums in lanes.
var useSumLanes = true

// sumLaneLoop picks the outer loop whose points go in the lanes (the
// longest of at least 16 that moves the summed operand and the output),
// or -1 when sums in lanes do not apply (no AVX-512, or fewer than 64
// points to sum).
func sumLaneLoop(outer []tdim, K int) int {
	if !useSumLanes || !haveAVX512 || !useAVX512 || K < 64 {
		return -1
	}
	best := -1
	for i, d := range outer {
		if d.ext >= 16 && d.ca != 0 && d.cout != 0 && (best < 0 || d.ext > outer[best].ext) {
			best = i
		}
	}
	return best
}

// sumRuns lists the reduction points where a run of 16 consecutive
// elements starts (in ra's order, not overlapping).
func sumRuns(ra []int) []int {
	var runs []int
	for k := 0; k+16 <= len(ra); {
		n := 1
		for n < 16 && ra[k+n] == ra[k]+n {
			n++
		}
		if n == 16 {
			runs = append(runs, k)
			k += 16
			continue
		}
		k += n
	}
	return runs
}

// runSumLanes sums a over the reduction points ra into out, the points
// of outer[li] 16 at a time in the lanes; a unit is 16 of its points at
// one point of the other outer loops.
func runSumLanes(k *kernel, a, out []float32, ra []int, outer []tdim, li int, outZero bool, baseA, baseO int) error {
	sumLaneRuns.Add(1)
	split := splitLanes(outer, li)
	L, units := split.lanes, split.units
	var memo *contractionTables
	if k.fast != nil {
		memo = k.fast.tables
	}
	runs := memo.sumRuns(ra)
	lo16, hi16 := min(0, 15*L.ca), 15+max(0, 15*L.ca)
	return parallelRange(k, units, int64(units)*16*int64(len(ra)), func(lo, hi int) {
		var acc [16]float32
		for u := lo; u < hi; u++ {
			pa, _, po, nl := split.unit(u, baseA, 0, baseO)
			acc = [16]float32{}
			if !outZero {
				gatherStrided(acc[:nl], out, po, L.cout)
			}
			next := 0
			for r := 0; r < len(ra); {
				if nl == 16 && next < len(runs) && runs[next] == r {
					s := pa + ra[r]
					// The block's extreme elements are in range, hence
					// all of it.
					_, _ = a[s+lo16], a[s+hi16]
					sumT16x16(&acc, &a[s], L.ca*4)
					next++
					r += 16
					continue
				}
				if next < len(runs) && runs[next] == r {
					next++
				}
				q := pa + ra[r]
				for l := range nl {
					acc[l] += a[q+l*L.ca]
				}
				r++
			}
			scatterStrided(out, po, L.cout, acc[:nl])
		}
	})
}
