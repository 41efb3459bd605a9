package cpu

import (
	"math"
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// TestPadWindow draws pads (ranks 1-4 with unit dims, boxes anywhere in
// the padded buffer, sources that are windows of larger buffers, some
// reversed in any dim or strided in the last, zero and nonzero values),
// works out their geometry as the run does (padGeometryOf: unit dims
// dropped, whole dims merged) and checks window against the padded
// buffer built from the views element by element, for windows that
// start before the buffer, end past it, or cut rows anywhere.
func TestPadWindow(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	f32 := ir.FloatType{Kind: ir.F32}
	merged := 0
	for c := range 400 {
		rank := 1 + rng.Intn(4)
		shape := make([]int64, rank)
		low := make([]int64, rank)
		size := make([]int64, rank)
		for d := range shape {
			shape[d] = 1 + int64(rng.Intn(7))
			if rng.Intn(4) == 0 {
				shape[d] = 1
			}
			size[d] = 1 + int64(rng.Intn(int(shape[d])))
			low[d] = int64(rng.Intn(int(shape[d] - size[d] + 1)))
			if rng.Intn(3) == 0 {
				// Whole in the box: a dim that merges with the one above.
				low[d], size[d] = 0, shape[d]
			}
		}
		buf := &plan.Buffer{Kind: plan.Temporary, Elem: f32, Shape: shape}
		strides := make([]int64, rank)
		s := int64(1)
		for d := rank - 1; d >= 0; d-- {
			strides[d] = s
			s *= shape[d]
		}
		box := plan.View{Buf: buf, Shape: size, Strides: append([]int64(nil), strides...)}
		for d := range low {
			box.Offset += low[d] * strides[d]
		}
		// The source: a window of a buffer with room on every side, its
		// rows sometimes every other element or reversed.
		srcShape := make([]int64, rank)
		for d := range srcShape {
			srcShape[d] = size[d] + int64(rng.Intn(3))
		}
		step := int64(1)
		if rng.Intn(4) == 0 {
			step = 2
		}
		srcShape[rank-1] *= step
		srcBuf := &plan.Buffer{Kind: plan.Argument, Elem: f32, Shape: srcShape}
		src := plan.View{Buf: srcBuf, Shape: size, Strides: make([]int64, rank)}
		s = 1
		for d := rank - 1; d >= 0; d-- {
			src.Strides[d] = s
			s *= srcShape[d]
		}
		src.Strides[rank-1] *= step
		for d := range rank {
			// Reversed dims (a flip of an argument is a view).
			if rng.Intn(5) == 0 {
				src.Offset += (size[d] - 1) * src.Strides[d]
				src.Strides[d] = -src.Strides[d]
			}
		}
		value := 0.0
		if rng.Intn(3) == 0 {
			value = 1.5
		}
		fill := &plan.Step{Kind: plan.StepFill, Outputs: []plan.View{{Buf: buf, Shape: shape, Strides: strides}}, Value: ir.FloatAttr{Value: value, Type: f32}}
		g, ok := padGeometryOf(fill, box, src)
		if !ok {
			t.Fatalf("case %d: no geometry for box %v of %v", c, box, shape)
		}
		if len(g.shape) < rank {
			merged++
		}
		data := make([]float32, ir.NumElements(srcShape))
		for i := range data {
			data[i] = float32(i + 1)
		}
		// The padded buffer, element by element from the views.
		want := make([]float32, ir.NumElements(shape))
		for i := range want {
			want[i] = float32(value)
		}
		idx := make([]int64, rank)
		for n := int64(0); n < ir.NumElements(size); n++ {
			r := n
			for d := rank - 1; d >= 0; d-- {
				idx[d] = r % size[d]
				r /= size[d]
			}
			at, from := box.Offset, src.Offset
			for d := range idx {
				at += idx[d] * box.Strides[d]
				from += idx[d] * src.Strides[d]
			}
			want[at] = data[from]
		}
		total := len(want)
		for range 6 {
			x0 := rng.Intn(total+20) - 10
			n := rng.Intn(total + 10)
			got := make([]float32, n)
			for i := range got {
				got[i] = float32(math.NaN())
			}
			g.window(got, data, x0)
			for i, v := range got {
				w := float32(value)
				if x := x0 + i; x >= 0 && x < total {
					w = want[x]
				}
				if v != w {
					t.Fatalf("case %d: shape %v box %v+%v src strides %v: window from %d, element %d (of the buffer: %d) = %v, want %v", c, shape, low, size, src.Strides, x0, i, x0+i, v, w)
				}
			}
		}
	}
	if merged == 0 {
		t.Errorf("no case merged or dropped a dim")
	}
}

// TestCopyRows32 checks copyRows32 (copyRows16 with AVX-512) for rows of
// 1 to 40 elements, a masked tail or none, against element-by-element
// copies: every element in, nothing outside the rows written.
func TestCopyRows32(t *testing.T) {
	for n := 1; n <= 40; n++ {
		for _, rows := range []int{1, 3} {
			dStride, sStride := n+3, n+5
			src := make([]float32, rows*sStride+8)
			for i := range src {
				src[i] = float32(i)
			}
			dst := make([]float32, rows*dStride+8)
			for i := range dst {
				dst[i] = -1
			}
			copyRows32(dst[2:], src[1:], rows, n, dStride, sStride)
			for i, v := range dst {
				want := float32(-1)
				if j := i - 2; j >= 0 && j%dStride < n && j/dStride < rows {
					want = src[1+j/dStride*sStride+j%dStride]
				}
				if v != want {
					t.Fatalf("n %d rows %d: dst[%d] = %v, want %v", n, rows, i, v, want)
				}
			}
		}
	}
}
