package plan

import "sort"

// mayOverlap reports whether two static views of a buffer may share an
// element. Element i of a is element j of b iff
// Σ_d i_d·a.Strides[d] − Σ_e j_e·b.Strides[e] = b.Offset − a.Offset with
// 0 ≤ i_d < a.Shape[d], 0 ≤ j_e < b.Shape[e]: terms of equal stride
// magnitude merge into one integer unknown with a range, and a search over
// the unknowns from the largest stride down keeps only values the smaller
// strides can still make up. For the windows the planner compares (the
// phases and regions of one strided scatter, whose strides nest) the
// search is exact and visits a handful of nodes; past a budget it answers
// true, the safe answer.
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
	// unknown: coefficient c times an integer in [lo, hi].
	type unknown struct{ c, lo, hi int64 }
	byStride := map[int64]*unknown{}
	add := func(stride, n, sign int64) {
		if n <= 1 || stride == 0 {
			return
		}
		if stride < 0 {
			stride, sign = -stride, -sign
		}
		u := byStride[stride]
		if u == nil {
			u = &unknown{c: stride}
			byStride[stride] = u
		}
		if sign > 0 {
			u.hi += n - 1
		} else {
			u.lo -= n - 1
		}
	}
	for d, n := range a.Shape {
		add(a.Strides[d], n, 1)
	}
	for d, n := range b.Shape {
		add(b.Strides[d], n, -1)
	}
	us := make([]unknown, 0, len(byStride))
	for _, u := range byStride {
		us = append(us, *u)
	}
	sort.Slice(us, func(i, j int) bool { return us[i].c > us[j].c })
	// minRest[k], maxRest[k]: the range of Σ over unknowns k.. .
	minRest := make([]int64, len(us)+1)
	maxRest := make([]int64, len(us)+1)
	for k := len(us) - 1; k >= 0; k-- {
		minRest[k] = minRest[k+1] + us[k].lo*us[k].c
		maxRest[k] = maxRest[k+1] + us[k].hi*us[k].c
	}
	budget := 1 << 16 // search nodes before giving up (answering true)
	var solve func(k int, rest int64) bool
	solve = func(k int, rest int64) bool {
		if budget--; budget < 0 {
			return true
		}
		if k == len(us) {
			return rest == 0
		}
		c := us[k].c
		// x·c must leave a rest the later unknowns can make.
		lo := max(us[k].lo, ceilDiv(rest-maxRest[k+1], c))
		hi := min(us[k].hi, floorDiv(rest-minRest[k+1], c))
		for x := lo; x <= hi; x++ {
			if solve(k+1, rest-x*c) {
				return true
			}
		}
		return false
	}
	return solve(0, b.Offset-a.Offset)
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
