package cpu

import (
	"slices"
	"sync/atomic"
)

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
	if !haveAVX512 || !useAVX512 {
		return -1
	}
	return laneLoop(outer, K)
}

// laneLoop is sumLaneLoop on any CPU: without AVX-512 the lanes are 16
// chains of scalar adds in flight (runSumLanes), where one output at a
// time is one chain, an add's latency a term.
func laneLoop(outer []tdim, K int) int {
	if !useSumLanes || K < 64 {
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
//
// The accumulators are A: float32 (each add rounded to f32), or float64
// (f32 data summed in f64: each term, formed in f32, widened; runWideSums).
func runSumLanes[A laneAcc](k *kernel, a []float32, out []A, ra []int, outer []tdim, li int, outZero bool, baseA, baseO int, dev *deviations) error {
	// The 16x16 blocks' kernels need AVX-512; without it every point adds
	// lane by lane.
	blocks := haveAVX512 && useAVX512
	if blocks {
		sumLaneRuns.Add(1)
	}
	split := splitLanes(outer, li)
	L, units := split.lanes, split.units
	runs := k.tables().sumRuns(ra)
	lo16, hi16 := min(0, 15*L.ca), 15+max(0, 15*L.ca)
	t := newSumTerms(a, baseA, dev)
	// A plain sum whose lanes are consecutive elements (a bias
	// gradient's Σ over rows into consecutive outputs: the reduction
	// strided, no runs for the blocks) adds 16 of them at a time at each
	// reduction point (sumCols16): the lane-by-lane adds took 3 ns an
	// element, a layer norm's grad_bias over 4096x768 10 ms.
	var colOffs []int
	var raLo, raHi int
	if blocks && L.ca == 1 && dev == nil && len(ra) > 0 {
		var words []uint64
		colOffs, words = inBytes(ra, 4)
		defer putWords(words)
		raLo, raHi = slices.Min(ra), slices.Max(ra)
	}
	return parallelRange(k, units, int64(units)*16*int64(len(ra)), func(lo, hi int) {
		var acc [16]A
		var m [16]float32
		for u := lo; u < hi; u++ {
			pa, pm, po, nl := split.unit(u, baseA, t.baseM, baseO)
			acc = [16]A{}
			if !outZero {
				gatherAcc(acc[:nl], out, po, L.cout)
			}
			if colOffs != nil && nl == 16 {
				// Every element read lies between these two (ra holds
				// 0, the point at the unit's base).
				_, _ = a[pa+raLo], a[pa+raHi+15]
				colSumRuns.Add(1)
				sumCols(&acc, a, pa, colOffs)
				scatterAcc(out, po, L.cout, acc[:nl])
				continue
			}
			if t.mean != nil {
				gatherStrided(m[:nl], t.mean, pm, L.cb)
			}
			next := 0
			for r := 0; r < len(ra); {
				if blocks && nl == 16 && next < len(runs) && runs[next] == r {
					s := pa + ra[r]
					// The block's extreme elements are in range, hence
					// all of it (the scale's too: it lies as a does).
					_, _ = a[s+lo16], a[s+hi16]
					if t.scale != nil {
						_, _ = t.scale[s+t.shift+lo16], t.scale[s+t.shift+hi16]
					}
					sumBlock(&acc, &t, s, L.ca*4, &m)
					next++
					r += 16
					continue
				}
				if next < len(runs) && runs[next] == r {
					next++
				}
				q := pa + ra[r]
				for l := range nl {
					acc[l] += term[A](&t, q+l*L.ca, m[l])
				}
				r++
			}
			scatterAcc(out, po, L.cout, acc[:nl])
		}
	})
}

// sumCols adds to acc, at each reduction point (colOffs, bytes from a's
// element pa) in turn, the 16 consecutive elements there: sumCols16 or
// sumCols16d by acc's type.
func sumCols[A laneAcc](acc *[16]A, a []float32, pa int, colOffs []int) {
	switch acc := any(acc).(type) {
	case *[16]float32:
		sumCols16(acc, &a[pa], &colOffs[0], len(colOffs))
	case *[16]float64:
		sumCols16d(acc, &a[pa], &colOffs[0], len(colOffs))
	}
}

// gatherAcc is gatherStrided for accumulators of type A.
func gatherAcc[A laneAcc](dst, out []A, q, stride int) {
	if d, ok := any(dst).([]float32); ok {
		gatherStrided(d, any(out).([]float32), q, stride)
		return
	}
	for j := range dst {
		dst[j] = out[q+j*stride]
	}
}

// scatterAcc is scatterStrided for accumulators of type A.
func scatterAcc[A laneAcc](out []A, q, stride int, src []A) {
	if s, ok := any(src).([]float32); ok {
		scatterStrided(any(out).([]float32), q, stride, s)
		return
	}
	for j, x := range src {
		out[q+j*stride] = x
	}
}

// laneAcc is the accumulator type of a sum in lanes.
type laneAcc interface{ float32 | float64 }

// sumTerms are the operands of a sum's terms: a alone (mean nil), its
// deviations from the mean (from baseM) squared, or scaled by scale (a's
// element q's is scale[q+shift]).
type sumTerms struct {
	a, mean, scale []float32
	baseM, shift   int
}

func newSumTerms(a []float32, baseA int, dev *deviations) sumTerms {
	t := sumTerms{a: a}
	if dev != nil {
		t.mean, t.baseM = dev.mean, dev.baseM
		t.scale, t.shift = dev.scale, dev.baseS-baseA
	}
	return t
}

// term is the term of a's element q, m its mean: a[q], (a[q] − m)², or
// scale·(a[q] − m), formed in float32 (the conversions keep a product
// from fusing with the add), as A.
func term[A laneAcc](t *sumTerms, q int, m float32) A {
	switch {
	case t.scale != nil:
		return A(float32(t.scale[q+t.shift] * (t.a[q] - m)))
	case t.mean != nil:
		d := t.a[q] - m
		return A(float32(d * d))
	}
	return A(t.a[q])
}

// sumBlock adds the terms of the 16x16 block at a's element s (rows ss
// bytes apart), lane i row i's, m the lanes' means, to acc column by
// column: the asm kernel of acc's type and t's form.
func sumBlock[A laneAcc](acc *[16]A, t *sumTerms, s, ss int, m *[16]float32) {
	switch acc := any(acc).(type) {
	case *[16]float32:
		switch {
		case t.scale != nil:
			mulDevT16x16(acc, &t.a[s], &t.scale[s+t.shift], ss, m)
		case t.mean != nil:
			sqDevT16x16(acc, &t.a[s], ss, m)
		default:
			sumT16x16(acc, &t.a[s], ss)
		}
	case *[16]float64:
		switch {
		case t.scale != nil:
			mulDevT16x16d(acc, &t.a[s], &t.scale[s+t.shift], ss, m)
		case t.mean != nil:
			sqDevT16x16d(acc, &t.a[s], ss, m)
		default:
			sumT16x16d(acc, &t.a[s], ss)
		}
	}
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
	return runSums(k, a, out, ra, rb, outer, baseA, baseO, &dev)
}

// colSumRuns counts the units of 16 consecutive outputs summed by
// sumCols (tests).
var colSumRuns atomic.Int64

// wideSumRuns counts the f32 sums run in f64 by runWideSums (tests).
var wideSumRuns atomic.Int64

// runWideSums sums f32 data in f64: out + Σ float64(a), or with dev
// (not nil) deviations from dev.mean, squared, out + Σ float64((a −
// mean)·(a − mean)), or scaled by dev.scale, out + Σ float64(s·(a −
// mean)), each deviation and product rounded to float32 (a batch norm's
// statistics and its gradient's sums, a bias gradient, which the lowering
// sums in f64 as PyTorch's CPU kernels keep them accurate), with runSums.
func runWideSums(k *kernel, a []float32, out []float64, ra, rb []int, outer []tdim, baseA, baseO int, dev *deviations) error {
	wideSumRuns.Add(1)
	return runSums(k, a, out, ra, rb, outer, baseA, baseO, dev)
}

// runSums sums the terms of a (sumTerms: dev nil for a plain sum) over
// the reduction points ra (a's, and the scale's where a lies) and rb (the
// mean's) into out for each point of the outer loops: 16 points of an
// outer loop in the lanes (runSumLanes), or where none fits each output
// alone (an output's chain of adds then runs at an add's latency a term;
// 16 lanes keep 16 in flight, with or without AVX-512). Either way each
// output adds its terms in the interpreter's order, each add rounded to
// A.
func runSums[A laneAcc](k *kernel, a []float32, out []A, ra, rb []int, outer []tdim, baseA, baseO int, dev *deviations) error {
	if li := laneLoop(outer, len(ra)); li >= 0 && useVec {
		return runSumLanes(k, a, out, ra, outer, li, k.outZero, baseA, baseO, dev)
	}
	t := newSumTerms(a, baseA, dev)
	total := points(outer)
	return parallelRange(k, total, int64(total)*int64(len(ra)), func(lo, hi int) {
		for u := lo; u < hi; u++ {
			pa, pm, po := outerBase(outer, u, baseA, t.baseM, baseO)
			var acc A
			if !k.outZero {
				acc = out[po]
			}
			for r, q := range ra {
				var m float32
				if t.mean != nil {
					m = t.mean[pm+rb[r]]
				}
				acc += term[A](&t, pa+q, m)
			}
			out[po] = acc
		}
	})
}
