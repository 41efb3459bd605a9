package lowering

import (
	"math"
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Pooling gradients by phases of the stride: max_pool*d_with_indices'
// backward, and avg_pool*d's (gatherPhases without rel, below).
//
// PyTorch scatters: grad_input[indices[o]] += grad_output[o] for every
// output o, in increasing o. Linalg on tensors has no scatter, so the
// gradient is gathered instead: each input position h sums the gradients
// of the windows that contain it and whose index names it. Asking every
// window tap of every position (a generic over [H, k] on a zero-stuffed
// grad_output) costs k^n compares per input element, 9 for ResNet's 3x3
// stem pool, most of them against stuffed zeros.
//
// Split each spatial dim by phase instead: h = s·q + r with r = h mod s.
// Window o holds h at tap t when o·s − p + d·t = h, that is when
// o = q + (r + p − d·t)/s and s divides r + p − d·t. For a fixed phase r
// the windows that can hold h are q + c for a few constants c, and the
// union of those c over all phases is a short run [cmin, cmax] per dim:
// {0, 1} for 3x3 stride 2 padding 1, so 4 candidate windows for a 2-D
// position instead of 9 taps, and just {0} when the windows tile the input
// (MaxPool2d(2)). One generic over the input viewed as
// [lead, Q0, s0, Q1, s1, ...] (Q = ceil(H/s)) reads the candidates
// straight from grad_output, with no zero stuffing.
//
// Whether candidate window o's index names h is a test on a constant:
// rel[o] = indices[o] − flat(o·s − p), the argmax's flat offset from the
// window's origin, is Σ d_i·t_i·stride_i for the tap t it came from, and
// h is that tap exactly when t is the tap (r, c) gives. So rel is
// computed once per output, as a float (exact: every value is a small
// integer), and a [s0, J0, s1, J1, ...] constant table holds each
// (phase, candidate)'s offset, or keyNoTap where the candidate holds no
// tap for that phase. The body is one float compare and a select — float
// lanes on the CPU. Windows past grad_output's edge read rel padded with
// keyOutside, which no table entry equals.
//
// The candidates are summed in increasing o, PyTorch's order, so sums of
// overlapping windows match it bit for bit; every position that no window
// picked stays +0. Average pooling's gradient is the same gather with the
// test left to the table alone: every candidate holding a tap of the
// position's phase adds its window's grad_output / divisor.
const (
	keyOutside = -1 // rel beyond grad_output's edge
	keyNoTap   = -2 // a (phase, candidate) that holds no tap
)

// poolPhaseDim is one spatial dim's phase split for a backward.
type poolPhaseDim struct {
	q          int64 // positions per phase: ceil(h/s)
	cmin, span int64 // candidate windows q+cmin ... q+cmin+span-1
	lo, hi     int64 // padding of grad_output so every candidate reads in bounds
	// offset[r][j] is the tap's d·t of phase r's candidate j, or −1.
	offset [][]int64
}

func (g *poolGeom) phaseDim(i int) poolPhaseDim {
	h, k, s, p, d := g.h[i], g.k[i], g.s[i], g.p[i], g.d[i]
	pd := poolPhaseDim{q: ceilDiv(h, s)}
	// c = (r + p − d·t)/s over the taps t and phases r where s divides
	// r + p − d·t: each tap lies in exactly one phase.
	pd.cmin = math.MaxInt64
	cmax := int64(math.MinInt64)
	for t := range k {
		c := floorDiv(s-1+p-d*t, s)
		pd.cmin, cmax = min(pd.cmin, c), max(cmax, c)
	}
	pd.span = cmax - pd.cmin + 1
	pd.lo = max(0, -pd.cmin)
	pd.hi = max(0, pd.q-1+cmax-(g.o[i]-1))
	// A linalg operand read at a bare loop dim must have the loop's
	// extent (MLIR's verifier): a read at q + 0 of a padded extent other
	// than Q is invalid. One more element of low padding moves every read
	// off the bare q.
	if pd.cmin+pd.lo == 0 && pd.lo+g.o[i]+pd.hi != pd.q {
		pd.lo++
	}
	pd.offset = make([][]int64, s)
	for r := range s {
		pd.offset[r] = make([]int64, pd.span)
		for j := range pd.span {
			pd.offset[r][j] = -1
			num := r + p - s*(pd.cmin+j) // d·t
			if num >= 0 && num%d == 0 && num/d < k {
				pd.offset[r][j] = num
			}
		}
	}
	return pd
}

// phaseDims is the phase split of every spatial dim.
func (g *poolGeom) phaseDims() []poolPhaseDim {
	dims := make([]poolPhaseDim, g.rank())
	for i := range dims {
		dims[i] = g.phaseDim(i)
	}
	return dims
}

// padPhases pads v, of the pooling's output shape, so that every
// candidate window reads in bounds.
func (k *npKernel) padPhases(g *poolGeom, dims []poolPhaseDim, v *ir.Value, fill float64) *ir.Value {
	nl := len(g.lead)
	low, high := make([]int64, nl+len(dims)), make([]int64, nl+len(dims))
	for i, pd := range dims {
		low[nl+i], high[nl+i] = pd.lo, pd.hi
	}
	return k.padWith(v, low, high, fill)
}

// phaseTable is the [s0, J0, s1, J1, ...] constant of each (phase,
// candidate): value of its taps' d·t per dim, or none where some dim's
// candidate holds no tap in that phase.
func (k *npKernel) phaseTable(g *poolGeom, dims []poolPhaseDim, elem ir.Type, value func(offsets []int64) float64, none float64) *ir.Value {
	n := len(dims)
	var shape []int64
	for i, pd := range dims {
		shape = append(shape, g.s[i], pd.span)
	}
	table := make([]float64, ir.NumElements(shape))
	offsets := make([]int64, n)
	for e := range table {
		rest, holds := int64(e), true
		for i := n - 1; i >= 0; i-- {
			j := rest % dims[i].span
			rest /= dims[i].span
			r := rest % g.s[i]
			rest /= g.s[i]
			offsets[i] = dims[i].offset[r][j]
			holds = holds && offsets[i] >= 0
		}
		table[e] = none
		if holds {
			table[e] = value(offsets)
		}
	}
	attr, _ := ir.NewDenseFloats(ir.Tensor(elem, shape...), table)
	return arith.Constant(k.b, k.loc, attr)
}

// maxPoolBackwardPhases is max_pool*d_with_indices_backward's gradient
// in the accumulator type acc, as described above.
func (k *npKernel) maxPoolBackwardPhases(g *poolGeom, grad, idx *ir.Value, acc ir.Type) *ir.Value {
	n, nl := g.rank(), len(g.lead)
	stride := g.flatStrides()
	dims := g.phaseDims()
	// Indices, origins and offsets are compared as floats: exact in key.
	key := poolKeyType(g, acc)

	// rel[o] = indices[o] − flat(o·s − p), padded with keyOutside. The
	// origin's flat index is a sum of one term per dim, each read from a
	// constant [O_i] vector: float lanes, no index arithmetic.
	var l loopNest
	lead := l.addN(linalg.Parallel, nl)
	o := l.addN(linalg.Parallel, n)
	ins := []*ir.Value{idx}
	maps := []affine.Map{l.mapOf(lead, o)}
	for i := range n {
		ins = append(ins, k.flatVector(g, i, key, g.origin(i)))
		maps = append(maps, l.mapOf(one(o[i])))
	}
	maps = append(maps, l.mapOf(lead, o))
	rel := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{k.empty(g.outShape(), key)},
		maps, l.iters, []ir.Type{ir.Tensor(key, g.outShape()...)},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			v := arith.Cast(b, k.loc, arith.SIToFP, a[0], key)
			for i := range n {
				v = arith.Binary(b, k.loc, arith.SubF, v, a[1+i])
			}
			return []*ir.Value{v}
		}).Result(0)
	rel = k.padPhases(g, dims, rel, keyOutside)
	gradPad := k.padPhases(g, dims, k.convertTensor(grad, acc), 0)
	// Each (phase, candidate)'s flat offset Σ d_i·t_i·stride_i.
	table := k.phaseTable(g, dims, key, func(offsets []int64) float64 {
		var sum int64
		for i, off := range offsets {
			sum += off * stride[i]
		}
		return float64(sum)
	}, keyNoTap)
	return k.gatherPhases(g, dims, rel, table, gradPad, acc)
}

// gatherPhases sums, at each input position, the padded gradient grad of
// its candidate windows that hold it: where rel, when given, equals the
// table entry (max pooling), else where the table entry is 1 (average
// pooling), or every candidate where there is no table either (each
// candidate of every phase holds a tap: stride 1, or windows that tile).
// The result is [lead, H...] in acc.
func (k *npKernel) gatherPhases(g *poolGeom, dims []poolPhaseDim, rel, table, grad *ir.Value, acc ir.Type) *ir.Value {
	n, nl := g.rank(), len(g.lead)
	qs := make([]int64, n)
	for i, pd := range dims {
		qs[i] = pd.q
	}
	viewShape, groups := g.splitView(qs, g.s)
	var sum *ir.Value
	if ir.NumElements(spansOf(dims)) <= maxUnrolledCandidates {
		sum = k.candidatesUnrolled(g, dims, rel, table, grad, viewShape, acc)
	} else {
		sum = k.candidatesLooped(g, dims, rel, table, grad, viewShape, acc)
	}

	// [lead, Q0·s0, ...], cut to [lead, H...] where s does not divide H.
	full := make([]int64, nl+n)
	copy(full, g.lead)
	exact := true
	for i, pd := range dims {
		full[nl+i] = pd.q * g.s[i]
		exact = exact && full[nl+i] == g.h[i]
	}
	out := tensor.NewCollapseShape(k.b, k.loc, ir.Tensor(acc, full...), sum, groups)
	if exact {
		return out
	}
	return tensor.NewExtractSlice(k.b, k.loc, ir.Tensor(acc, g.inShape()...), out,
		tensor.StaticIndices(make([]int64, nl+n)...), tensor.StaticIndices(g.inShape()...),
		tensor.StaticIndices(ones(nl+n)...))
}

// holds is the body's test that a candidate holds the position: rel
// equals the table entry, or (no rel) the entry is 1.
func (k *npKernel) holds(b *ir.Builder, rel, entry *ir.Value) *ir.Value {
	if rel == nil {
		rel = k.scalar(b, 1, entry.Type())
	}
	return arith.NewCmpF(b, k.loc, "oeq", rel, entry)
}

// maxUnrolledCandidates bounds the candidate windows of one input
// position that candidatesUnrolled reads as operands of their own
// (27: a 3x3x3 stride-1 pool); beyond it a reduction loop runs them.
const maxUnrolledCandidates = 27

// phaseLoops are the loops [lead, r..., q...] over the input viewed as
// [lead, Q0, s0, Q1, s1, ...]: the phases outside, so that the innermost
// loop, along which the CPU runs its lanes, is the last dim's q (56
// positions, say) rather than its phase's 2; withCand adds the candidate
// loops, if any, between them. view is the map into the view.
func phaseLoops(l *loopNest, nl int, dims []poolPhaseDim, withCand func(l *loopNest, n int) []affine.Expr) (lead, phase, q, cand []affine.Expr, view affine.Map) {
	n := len(dims)
	lead = l.addN(linalg.Parallel, nl)
	phase = l.addN(linalg.Parallel, n)
	cand = withCand(l, n)
	q = l.addN(linalg.Parallel, n)
	var v []affine.Expr
	for i := range n {
		v = append(v, q[i], phase[i])
	}
	return lead, phase, q, cand, l.mapOf(lead, v)
}

// candidateWindow is the map [lead, q_i + cmin_i + j_i] into the padded
// rel and grad_output, j_i constant or a loop.
func candidateWindow(l *loopNest, lead, q, j []affine.Expr, dims []poolPhaseDim) affine.Map {
	w := make([]affine.Expr, len(dims))
	for i, pd := range dims {
		w[i] = affine.Add(affine.Add(q[i], j[i]), affine.Const(pd.cmin+pd.lo))
	}
	return l.mapOf(lead, w)
}

// candidatesUnrolled gathers with one elementwise generic whose operands
// are each candidate's rel (if any), table entry and gradient: the sum is
// a chain of selects in increasing candidate order (increasing o), which
// the CPU runs in float32 lanes, several rows a block.
func (k *npKernel) candidatesUnrolled(g *poolGeom, dims []poolPhaseDim, rel, table, grad *ir.Value, viewShape []int64, acc ir.Type) *ir.Value {
	n, nl := g.rank(), len(g.lead)
	var l loopNest
	lead, phase, q, _, view := phaseLoops(&l, nl, dims, func(*loopNest, int) []affine.Expr { return nil })
	var ins []*ir.Value
	var maps []affine.Map
	spans := spansOf(dims)
	per := 1 // operands per candidate
	if table != nil {
		per++
	}
	if rel != nil {
		per++
	}
	for c := range ir.NumElements(spans) {
		j := make([]affine.Expr, n)
		var rj []affine.Expr
		rest := int64(c)
		for i := n - 1; i >= 0; i-- {
			j[i] = affine.Const(rest % spans[i])
			rest /= spans[i]
		}
		for i := range n {
			rj = append(rj, phase[i], j[i])
		}
		w := candidateWindow(&l, lead, q, j, dims)
		if rel != nil {
			ins, maps = append(ins, rel), append(maps, w)
		}
		if table != nil {
			ins, maps = append(ins, table), append(maps, l.mapOf(rj))
		}
		ins, maps = append(ins, grad), append(maps, w)
	}
	init := k.empty(viewShape, acc)
	maps = append(maps, view)
	return linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			var sum *ir.Value // nil before the first candidate
			for c := 0; c < len(ins); c += per {
				gv := a[c+per-1]
				if table == nil {
					if sum == nil {
						sum = gv
					} else {
						sum = arith.Add(b, k.loc, sum, gv)
					}
					continue
				}
				prev := sum
				if prev == nil {
					prev = k.scalar(b, 0, acc)
				}
				here := k.holds(b, rel0(rel, a, c), a[c+per-2])
				next := gv
				if sum != nil {
					next = arith.Add(b, k.loc, sum, gv)
				}
				sum = arith.NewSelect(b, k.loc, here, next, prev)
			}
			return []*ir.Value{sum}
		}).Result(0)
}

// candidatesLooped gathers with a reduction loop per dim over the
// candidates (more than maxUnrolledCandidates of them: a large stride-1
// window), summing into a zero-filled view in increasing o.
func (k *npKernel) candidatesLooped(g *poolGeom, dims []poolPhaseDim, rel, table, grad *ir.Value, viewShape []int64, acc ir.Type) *ir.Value {
	nl := len(g.lead)
	var l loopNest
	lead, phase, q, cand, view := phaseLoops(&l, nl, dims, func(l *loopNest, n int) []affine.Expr { return l.addN(linalg.Reduction, n) })
	var rj []affine.Expr
	for i := range dims {
		rj = append(rj, phase[i], cand[i])
	}
	w := candidateWindow(&l, lead, q, cand, dims)
	var ins []*ir.Value
	var maps []affine.Map
	if rel != nil {
		ins, maps = append(ins, rel), append(maps, w)
	}
	if table != nil {
		ins, maps = append(ins, table), append(maps, l.mapOf(rj))
	} else {
		// The candidate loops' extents, which no other operand reads as
		// bare dims.
		ins, maps = append(ins, k.empty(spansOf(dims), tensorType(grad).Elem)), append(maps, l.mapOf(cand))
	}
	ins, maps = append(ins, grad), append(maps, w)
	init := k.filled(viewShape, acc, 0)
	return linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{init}, append(maps, view), l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			gv, out := a[len(a)-2], a[len(a)-1]
			next := arith.Add(b, k.loc, out, gv)
			if table == nil {
				return []*ir.Value{next}
			}
			return []*ir.Value{arith.NewSelect(b, k.loc, k.holds(b, rel0(rel, a, 0), a[len(a)-3]), next, out)}
		}).Result(0)
}

// spansOf is each dim's count of candidate windows.
func spansOf(dims []poolPhaseDim) []int64 {
	spans := make([]int64, len(dims))
	for i, pd := range dims {
		spans[i] = pd.span
	}
	return spans
}

// allHold reports whether every candidate of every phase holds a tap.
func allHold(dims []poolPhaseDim) bool {
	for _, pd := range dims {
		for _, row := range pd.offset {
			if slices.Contains(row, -1) {
				return false
			}
		}
	}
	return true
}

// rel0 is candidate c's rel operand among the body's arguments a, or nil
// without rel.
func rel0(rel *ir.Value, a []*ir.Value, c int) *ir.Value {
	if rel == nil {
		return nil
	}
	return a[c]
}
