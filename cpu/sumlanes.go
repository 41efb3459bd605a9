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
//
// With dev (not nil) it sums deviations from dev.mean instead, the mean
// moving along the outer loops (tdim.cb, from dev.baseM) and not along
// the reduction: squared, out + (a − mean)·(a − mean) (sqDevT16x16), or
// with dev.scale, out + s·(a − mean), s the scale's element where a's
// is (mulDevT16x16). Each lane's mean is subtracted, the difference
// squared or scaled and added, each rounded alone, in lanes as element
// by element.
func runSumLanes(k *kernel, a, out []float32, ra []int, outer []tdim, li int, outZero bool, baseA, baseO int, dev *deviations) error {
	sumLaneRuns.Add(1)
	split := splitLanes(outer, li)
	L, units := split.lanes, split.units
	runs := k.tables().sumRuns(ra)
	lo16, hi16 := min(0, 15*L.ca), 15+max(0, 15*L.ca)
	var mean, scale []float32
	baseM, shift := 0, 0
	if dev != nil {
		mean, baseM = dev.mean, dev.baseM
		// The scale's element for a[q] is scale[q+shift].
		scale, shift = dev.scale, dev.baseS-baseA
	}
	return parallelRange(k, units, int64(units)*16*int64(len(ra)), func(lo, hi int) {
		var acc, m [16]float32
		for u := lo; u < hi; u++ {
			pa, pm, po, nl := split.unit(u, baseA, baseM, baseO)
			acc = [16]float32{}
			if !outZero {
				gatherStrided(acc[:nl], out, po, L.cout)
			}
			if mean != nil {
				gatherStrided(m[:nl], mean, pm, L.cb)
			}
			next := 0
			for r := 0; r < len(ra); {
				if nl == 16 && next < len(runs) && runs[next] == r {
					s := pa + ra[r]
					// The block's extreme elements are in range, hence
					// all of it (the scale's too: it lies as a does).
					_, _ = a[s+lo16], a[s+hi16]
					switch {
					case scale != nil:
						_, _ = scale[s+shift+lo16], scale[s+shift+hi16]
						mulDevT16x16(&acc, &a[s], &scale[s+shift], L.ca*4, &m)
					case mean != nil:
						sqDevT16x16(&acc, &a[s], L.ca*4, &m)
					default:
						sumT16x16(&acc, &a[s], L.ca*4)
					}
					next++
					r += 16
					continue
				}
				if next < len(runs) && runs[next] == r {
					next++
				}
				q := pa + ra[r]
				switch {
				case scale != nil:
					for l := range nl {
						d := a[q+l*L.ca] - m[l]
						acc[l] += float32(scale[q+shift+l*L.ca] * d)
					}
				case mean != nil:
					for l := range nl {
						d := a[q+l*L.ca] - m[l]
						acc[l] += float32(d * d)
					}
				default:
					for l := range nl {
						acc[l] += a[q+l*L.ca]
					}
				}
				r++
			}
			scatterStrided(out, po, L.cout, acc[:nl])
		}
	})
}

// useDevSums switches squared-deviation sums as contractions (the lane
// tests compare with the lanes' grouped folds).
var useDevSums = true

// deviationRuns counts the squared-deviation sums run as contractions
// (tests).
var deviationRuns atomic.Int64

// deviations are the operands of a deviation sum besides the first
// factor: the mean (from baseM) and, for scaled deviations, the scale
// (from baseS; nil for squared ones).
type deviations struct {
	mean  []float32
	baseM int
	scale []float32
	baseS int
}

// runDeviations runs a deviation contraction (contraction.dev): out +
// Σ (a − b)·(a − b), or with dev.scale out + Σ s·(a − b), over the
// reduction points ra (a, and the scale where a lies) and rb (b, the
// mean) for each point of the outer loops; b does not move along the
// reduction (matchContraction). A batch norm's variance folded its
// channels eight at a time, each element's deviation, square and sum a
// pass of lane code of its own: 0.7-0.8 ms over 8x64x56x56, against
// 0.25-0.4 for a plain sum in lanes. Here 16 points of an outer loop go
// in the lanes (runSumLanes), or where none fits each output is summed
// alone. Either way each output adds its terms in the interpreter's
// order, each operation rounded to float32.
func runDeviations(k *kernel, a, out []float32, ra, rb []int, outer []tdim, baseA, baseO int, dev deviations) error {
	deviationRuns.Add(1)
	if li := sumLaneLoop(outer, len(ra)); li >= 0 && useVec {
		return runSumLanes(k, a, out, ra, outer, li, k.outZero, baseA, baseO, &dev)
	}
	total := points(outer)
	b, scale, shift := dev.mean, dev.scale, dev.baseS-baseA
	return parallelRange(k, total, int64(total)*int64(len(ra)), func(lo, hi int) {
		for t := lo; t < hi; t++ {
			pa, pb, po := outerBase(outer, t, baseA, dev.baseM, baseO)
			var acc float32
			if !k.outZero {
				acc = out[po]
			}
			for r, x := range ra {
				d := a[pa+x] - b[pb+rb[r]]
				if scale != nil {
					acc += float32(scale[pa+x+shift] * d)
					continue
				}
				acc += float32(d * d)
			}
			out[po] = acc
		}
	})
}
