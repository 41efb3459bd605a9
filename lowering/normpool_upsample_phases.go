package lowering

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Upsampling by an integer factor, without gathers. When a dim's output
// extent is k times its input extent (the scale_factor=2 of a UNet
// decoder), the taps of each destination position are affine in it once
// the destinations are split by phase: forward, output k·m + p reads
// inputs m + c_t with weights that depend on p alone, but near the
// edges, where the source index is clamped; backward, input i is read by
// outputs k·i + c_t, again but near the edges. So each dim splits into a
// few runs of destinations (upRun: per phase, the interior and each edge
// position apart) whose taps are strided slices of the source with
// constant weights, and the resampling becomes, one dim after another
// from the last (ATen's CPU kernel interpolates the last dim innermost:
// t0·w0 + t1·w1 over the next dim's two taps of those), a tensor.empty
// filled by insert_slices at stride k of generics that add the weighted
// slices: every map affine, every read a strided view, none of the
// gather's tensor.extract per tap (30-200x slower at 3-D UNet sizes).
//
// The taps and weights are the gather tables' (forwardTaps,
// backwardTaps), computed at compile time with the same rounding; a tap
// of weight 0 stays (0·NaN is NaN, as in PyTorch's kernels), a weight of
// exactly 1 is not multiplied by. Other scales keep the gather tables.

// upTap is one tap of a destination position: a source position and the
// weight it is read with (1 for nearest).
type upTap struct {
	src int64
	w   float64
}

// forwardTaps lists the taps of every output position, in the order the
// forward's tables hold them (nearest: the position read; linear: i0
// with λ0, then i1 with λ1).
func (a upAxis) forwardTaps() [][]upTap {
	taps := make([][]upTap, a.out)
	for o := range a.out {
		if a.mode == upNearest {
			taps[o] = []upTap{{a.nearestSource(o), 1}}
			continue
		}
		if a.out == a.in {
			taps[o] = []upTap{{o, 1}, {o, 0}}
			continue
		}
		x := a.linearCoord(o)
		i0 := min(int64(x), a.in-1) // floor: x ≥ 0
		i1 := min(i0+1, a.in-1)
		l1 := min(max(a.round(x-float64(i0)), 0), 1)
		taps[o] = []upTap{{i0, a.round(1 - l1)}, {i1, l1}}
	}
	return taps
}

// backwardTaps lists, for every input position, the outputs that read it
// (as the source of its taps) and the weight they read it with, in
// increasing output position; an output whose two taps are the input
// reads it with their sum, as the backward tables do.
func (a upAxis) backwardTaps() [][]upTap {
	taps := make([][]upTap, a.in)
	for o, ts := range a.forwardTaps() {
		for _, t := range ts {
			l := taps[t.src]
			if n := len(l); n > 0 && l[n-1].src == int64(o) {
				l[n-1].w = a.round(l[n-1].w + t.w)
				continue
			}
			taps[t.src] = append(l, upTap{int64(o), t.w})
		}
	}
	return taps
}

// upRun is a run of destination positions first + step·j, j < count,
// whose tap t reads source position taps[t].first + taps[t].step·j with
// weight taps[t].w.
type upRun struct {
	first, step, count int64
	taps               []upRunTap
}

type upRunTap struct {
	first, step int64
	w           float64
}

// upMaxRuns bounds the runs of a dim: beyond it (a scale whose phases do
// not repeat) the gather tables serve.
const upMaxRuns = 16

// phaseRuns splits the destinations of a dim (their taps: forwardTaps or
// backwardTaps) into runs: by phase r = q mod period, then where the taps
// stop being affine in j = q div period with source step srcStep. It
// returns nil when the runs would be more than upMaxRuns.
func phaseRuns(taps [][]upTap, period, srcStep int64) []upRun {
	var runs []upRun
	same := func(run upRun, j int64, ts []upTap) bool {
		if len(ts) != len(run.taps) {
			return false
		}
		for t, tap := range ts {
			rt := run.taps[t]
			if tap.w != rt.w || tap.src != rt.first+rt.step*(j-run.first/period) {
				return false
			}
		}
		return true
	}
	for r := range period {
		var cur *upRun
		for q := r; q < int64(len(taps)); q += period {
			j := q / period
			if cur != nil && same(*cur, j, taps[q]) {
				cur.count++
				continue
			}
			if len(runs) == upMaxRuns {
				return nil
			}
			run := upRun{first: q, step: period, count: 1}
			for _, tap := range taps[q] {
				run.taps = append(run.taps, upRunTap{first: tap.src, step: srcStep, w: tap.w})
			}
			runs = append(runs, run)
			cur = &runs[len(runs)-1]
		}
	}
	return runs
}

// runs is the axis's runs forward or backward, or nil when its extents
// are not an integer factor apart (or the runs are too many).
func (a upAxis) runs(backward bool) []upRun {
	if a.out%a.in != 0 {
		return nil
	}
	k := a.out / a.in
	if backward {
		return phaseRuns(a.backwardTaps(), 1, k)
	}
	return phaseRuns(a.forwardTaps(), k, 1)
}

// resamplePhases resamples src [N, C, spatial...] dim by dim from the
// last over the runs of each (runs[i] for spatial dim i) into extents
// dst, in src's element type (the caller converts to the accumulator
// type first for a weighted resampling).
func (k *npKernel) resamplePhases(src *ir.Value, runs [][]upRun, dst []int64) *ir.Value {
	t := src
	for i := len(runs) - 1; i >= 0; i-- {
		t = k.resampleDim(t, 2+i, runs[i], dst[i])
	}
	return t
}

// resampleDim resamples dim d of t to extent n over runs: each run is the
// weighted sum of its taps' strided slices of t, inserted at its strided
// destinations.
func (k *npKernel) resampleDim(t *ir.Value, d int, runs []upRun, n int64) *ir.Value {
	tt := tensorType(t)
	shape := slices.Clone(tt.Shape)
	shape[d] = n
	e := dmNewEmitter(k.b, k.loc)
	out := k.empty(shape, tt.Elem)
	for _, run := range runs {
		var ins []*ir.Value
		for _, tap := range run.taps {
			ins = append(ins, e.extractSlice(t, dmSliceOf(tt.Shape, d, tap.first, run.count, tap.step), nil))
		}
		v := ins[0]
		if len(run.taps) > 1 || run.taps[0].w != 1 {
			piece := slices.Clone(shape)
			piece[d] = run.count
			var l loopNest
			loops := l.addN(linalg.Parallel, len(shape))
			maps := make([]affine.Map, len(ins)+1)
			for m := range maps {
				maps[m] = l.mapOf(loops)
			}
			init := k.empty(piece, tt.Elem)
			v = linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
				func(b *ir.Builder, a []*ir.Value) []*ir.Value {
					var sum *ir.Value
					for m, tap := range run.taps {
						x := a[m]
						if tap.w != 1 {
							x = arith.Mul(b, k.loc, x, k.scalar(b, tap.w, tt.Elem))
						}
						if sum == nil {
							sum = x
						} else {
							sum = arith.Add(b, k.loc, sum, x)
						}
					}
					return []*ir.Value{sum}
				}).Result(0)
		}
		out = e.insertSlice(v, out, dmSliceOf(shape, d, run.first, run.count, run.step))
	}
	return out
}
