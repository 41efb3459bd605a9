package plan

import (
	"cmp"
	"slices"
)

// MayAlias reports whether views a and b may share a byte of device
// memory while the plan runs: views of one buffer that may share an
// element (mayOverlap), or of two arena buffers (temporaries, constants)
// whose slots overlap: buffers live at different times share the arena,
// so two steps that each touch one of them are not independent. Argument
// and result buffers have storage of their own. False is a proof; true
// may be a false alarm (a dynamic offset, or mayOverlap's budget).
func MayAlias(a, b View) bool {
	if a.Buf == b.Buf {
		return mayOverlap(a, b)
	}
	inArena := func(k BufferKind) bool { return k == Constant || k == Temporary }
	if !inArena(a.Buf.Kind) || !inArena(b.Buf.Kind) || a.NumElements() == 0 || b.NumElements() == 0 {
		return false
	}
	return a.Buf.Offset < b.Buf.Offset+b.Buf.Bytes() && b.Buf.Offset < a.Buf.Offset+a.Buf.Bytes()
}

// mayOverlap reports whether two static views of a buffer may share an
// element. Element i of a is element j of b iff
// Σ_d i_d·a.Strides[d] − Σ_e j_e·b.Strides[e] = b.Offset − a.Offset with
// 0 ≤ i_d < a.Shape[d], 0 ≤ j_e < b.Shape[e]: terms of equal stride
// magnitude merge into one integer unknown with a range, and a search over
// the unknowns from the largest stride down keeps only values the smaller
// strides can still make up. For the windows the planner compares (the
// phases and regions of one strided scatter, whose strides nest) the
// search is exact and visits a handful of nodes; past a budget of nodes,
// or of distinct strides (maxUnknowns), it answers true, the safe answer.
func mayOverlap(a, b View) bool {
	if a.Buf != b.Buf {
		return false
	}
	if len(a.Dyn) > 0 || len(b.Dyn) > 0 {
		return true
	}
	if a.NumElements() == 0 || b.NumElements() == 0 {
		return false
	}
	alo, ahi := span(a)
	blo, bhi := span(b)
	if ahi < blo || bhi < alo {
		return false
	}
	// The search lives on the stack: the loader asks this for every
	// accumulation of a plan, and a compiled module's start-up should not
	// pay an allocation per question.
	o := overlapSearch{budget: 1 << 16}
	for d, n := range a.Shape {
		if !o.add(a.Strides[d], n, 1) {
			return true
		}
	}
	for d, n := range b.Shape {
		if !o.add(b.Strides[d], n, -1) {
			return true
		}
	}
	us := o.us[:o.n]
	slices.SortFunc(us, func(x, y unknown) int { return cmp.Compare(y.c, x.c) })
	for k := o.n - 1; k >= 0; k-- {
		o.rest[k] = [2]int64{o.rest[k+1][0] + us[k].lo*us[k].c, o.rest[k+1][1] + us[k].hi*us[k].c}
	}
	return o.solve(0, b.Offset-a.Offset)
}

// maxUnknowns bounds the distinct stride magnitudes of two views that
// mayOverlap searches; beyond it the answer is "may" (two views of rank 8
// have at most 16).
const maxUnknowns = 16

// unknown is a coefficient c times an integer in [lo, hi].
type unknown struct{ c, lo, hi int64 }

// overlapSearch is mayOverlap's search: the unknowns (by decreasing
// coefficient once sorted), rest[k] the range of the sum of unknowns
// k.., and the nodes left to visit.
type overlapSearch struct {
	us     [maxUnknowns]unknown
	n      int
	rest   [maxUnknowns + 1][2]int64
	budget int
}

// add merges the term stride·i, 0 ≤ i < n, with sign into the unknown of
// its stride's magnitude; false when there is no room for a new one.
func (o *overlapSearch) add(stride, n, sign int64) bool {
	if n <= 1 || stride == 0 {
		return true
	}
	if stride < 0 {
		stride, sign = -stride, -sign
	}
	k := 0
	for k < o.n && o.us[k].c != stride {
		k++
	}
	if k == o.n {
		if o.n == maxUnknowns {
			return false
		}
		o.us[k] = unknown{c: stride}
		o.n++
	}
	if sign > 0 {
		o.us[k].hi += n - 1
	} else {
		o.us[k].lo -= n - 1
	}
	return true
}

// solve reports whether unknowns k.. can sum to rest (true also once the
// budget is spent).
func (o *overlapSearch) solve(k int, rest int64) bool {
	if o.budget--; o.budget < 0 {
		return true
	}
	if k == o.n {
		return rest == 0
	}
	c := o.us[k].c
	// x·c must leave a rest the later unknowns can make.
	lo := max(o.us[k].lo, ceilDiv(rest-o.rest[k+1][1], c))
	hi := min(o.us[k].hi, floorDiv(rest-o.rest[k+1][0], c))
	for x := lo; x <= hi; x++ {
		if o.solve(k+1, rest-x*c) {
			return true
		}
	}
	return false
}

// span is the lowest and highest element a view touches.
func span(v View) (lo, hi int64) {
	lo, hi = v.Offset, v.Offset
	for d, n := range v.Shape {
		if s := v.Strides[d] * (n - 1); s > 0 {
			hi += s
		} else {
			lo += s
		}
	}
	return lo, hi
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// Distinct reports whether every index of v names an element of its
// own (a view that writes no element twice): ordered by stride, each
// dim's stride passes the span of the dims below it. Sufficient, and
// true of every window of a buffer; a broadcast (stride 0) or dims that
// interleave fail it.
func (v View) Distinct() bool {
	type dim struct{ ext, stride int64 }
	var ds []dim
	for d, n := range v.Shape {
		if n > 1 {
			ds = append(ds, dim{n, max(v.Strides[d], -v.Strides[d])})
		}
	}
	slices.SortFunc(ds, func(a, b dim) int { return cmp.Compare(a.stride, b.stride) })
	span := int64(0)
	for _, d := range ds {
		if d.stride <= span {
			return false
		}
		span += (d.ext - 1) * d.stride
	}
	return true
}
