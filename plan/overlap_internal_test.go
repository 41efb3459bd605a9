package plan

import (
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/ir"
)

// TestMayOverlapAgainstBruteForce compares mayOverlap with the element
// sets of random views of one buffer: it must never say "disjoint" for
// views that share an element, and on views this small (the search never
// runs out of budget) it must be exact.
func TestMayOverlapAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	buf := &Buffer{Shape: []int64{4096}}
	elems := func(v View) map[int64]bool {
		set := map[int64]bool{}
		var walk func(d int, off int64)
		walk = func(d int, off int64) {
			if d == len(v.Shape) {
				set[off] = true
				return
			}
			for i := int64(0); i < v.Shape[d]; i++ {
				walk(d+1, off+i*v.Strides[d])
			}
		}
		walk(0, v.Offset)
		return set
	}
	randView := func(shape, strides []int64) View {
		rank := 1 + rng.Intn(3)
		if shape == nil {
			shape, strides = make([]int64, rank), make([]int64, rank)
			for d := range shape {
				shape[d] = 1 + int64(rng.Intn(5))
				strides[d] = int64(rng.Intn(13)) - 2
			}
		}
		return View{Buf: buf, Offset: 100 + int64(rng.Intn(200)), Shape: shape, Strides: strides}
	}
	for i := 0; i < 20000; i++ {
		a := randView(nil, nil)
		b := randView(nil, nil)
		same := rng.Intn(2) == 0
		if same {
			b = randView(a.Shape, a.Strides)
		}
		ea, eb := elems(a), elems(b)
		share := false
		for e := range ea {
			if eb[e] {
				share = true
				break
			}
		}
		got := mayOverlap(a, b)
		if share && !got {
			t.Fatalf("%v and %v share an element, mayOverlap says no", a, b)
		}
		if got != share {
			t.Fatalf("%v and %v: mayOverlap %v, brute force %v", a, b, got, share)
		}
	}
	// The phase windows of a 3x3 stride-2 data gradient: disjoint.
	dx := &Buffer{Shape: []int64{8, 64, 28, 28}}
	full := fullView(dx)
	w00 := subView(full, []int64{0, 0, 0, 0}, []int64{8, 64, 14, 14}, []int64{1, 1, 2, 2})
	w01 := subView(full, []int64{0, 0, 0, 1}, []int64{8, 64, 14, 14}, []int64{1, 1, 2, 2})
	w11 := subView(full, []int64{0, 0, 1, 1}, []int64{8, 64, 14, 14}, []int64{1, 1, 2, 2})
	if mayOverlap(w00, w01) || mayOverlap(w01, w11) || mayOverlap(w00, w11) || !mayOverlap(w11, w11) {
		t.Errorf("phase windows: wrong overlap answers")
	}
}

// TestMayAlias: views of one buffer alias as their elements do; arena
// buffers alias where their slots overlap (live at different times, they
// may share bytes); arguments and results never alias another buffer.
func TestMayAlias(t *testing.T) {
	f32 := ir.FloatType{Kind: ir.F32}
	tmp := func(off int64, n int64) *Buffer {
		return &Buffer{Kind: Temporary, Elem: f32, Shape: []int64{n}, Offset: off}
	}
	a, b, c := tmp(0, 16), tmp(32, 16), tmp(64, 4) // bytes [0,64), [32,96), [64,80)
	arg := &Buffer{Kind: Argument, Elem: f32, Shape: []int64{16}}
	res := &Buffer{Kind: Result, Elem: f32, Shape: []int64{16}}
	for _, tc := range []struct {
		x, y *Buffer
		want bool
	}{
		{a, b, true}, {b, c, true}, {a, c, false}, {arg, res, false}, {arg, a, false}, {res, c, false},
	} {
		if got := MayAlias(fullView(tc.x), fullView(tc.y)); got != tc.want {
			t.Errorf("%s at %d and %s at %d: MayAlias %v, want %v", tc.x.Kind, tc.x.Offset, tc.y.Kind, tc.y.Offset, got, tc.want)
		}
	}
	// Within one buffer, the elements decide: the even and odd halves of
	// a row do not alias.
	even := View{Buf: arg, Shape: []int64{8}, Strides: []int64{2}}
	odd := View{Buf: arg, Offset: 1, Shape: []int64{8}, Strides: []int64{2}}
	if MayAlias(even, odd) || !MayAlias(even, even) {
		t.Errorf("strided halves of one buffer: wrong answers")
	}
}

// TestDistinct: windows of a buffer, reversed or not, hold each element
// once; a broadcast, dims that interleave, and a dim whose stride falls
// inside the span of a smaller one do not.
func TestDistinct(t *testing.T) {
	buf := &Buffer{Kind: Temporary, Elem: ir.FloatType{Kind: ir.F32}, Shape: []int64{8, 10}}
	for _, tc := range []struct {
		shape, strides []int64
		want           bool
	}{
		{[]int64{8, 10}, []int64{10, 1}, true},
		{[]int64{4, 5}, []int64{20, 2}, true},   // every other row and column
		{[]int64{3, 4}, []int64{-10, -1}, true}, // reversed
		{[]int64{1, 7}, []int64{0, 1}, true},    // a unit dim's stride is no matter
		{[]int64{4, 10}, []int64{0, 1}, false},  // broadcast
		{[]int64{5, 4}, []int64{2, 3}, false},   // 2 < 3·3: overlapping
		{[]int64{2, 4}, []int64{3, 1}, false},   // the rows overlap by one
	} {
		v := View{Buf: buf, Shape: tc.shape, Strides: tc.strides, Offset: 40}
		if got := v.Distinct(); got != tc.want {
			t.Errorf("shape %v strides %v: Distinct %v, want %v", tc.shape, tc.strides, got, tc.want)
		}
	}
}
