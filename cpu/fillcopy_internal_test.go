package cpu

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// TestFillBytesLarge fills buffers past one chunk (split among workers,
// the last chunk partial) with zero and non-zero elements of each size
// and compares with an element-by-element fill.
func TestFillBytesLarge(t *testing.T) {
	for _, e := range [][]byte{{0, 0, 0, 0}, {1, 2, 3, 4}, {7, 9}, {1, 2, 3, 4, 5, 6, 7, 8}, {5}} {
		for _, n := range []int{1, 3, fillChunk/len(e) + 1, 5*fillChunk/len(e) + 3, 300001} {
			dst := make([]byte, n*len(e))
			for i := range dst {
				dst[i] = 0xAB
			}
			fillBytes(dst, e)
			want := bytes.Repeat(e, n)
			if !bytes.Equal(dst, want) {
				t.Fatalf("element %v, %d elements: fill differs", e, n)
			}
		}
	}
}

// TestCopyViewPadInterior copies a large tensor into the interior of a
// padded one (rows of 28 into rows of 30: the split, row-block path) and
// checks every byte, the border included.
func TestCopyViewPadInterior(t *testing.T) {
	f32 := ir.FloatType{Kind: ir.F32}
	src := &plan.Buffer{Elem: f32, Shape: []int64{8, 32, 28, 28}}
	dst := &plan.Buffer{Elem: f32, Shape: []int64{8, 32, 30, 30}}
	sm := make([]byte, 8*32*28*28*4)
	rand.New(rand.NewSource(3)).Read(sm)
	dm := make([]byte, 8*32*30*30*4)
	mem := func(b *plan.Buffer) ([]byte, error) {
		if b == src {
			return sm, nil
		}
		return dm, nil
	}
	sv := plan.View{Buf: src, Shape: []int64{8, 32, 28, 28}, Strides: []int64{32 * 784, 784, 28, 1}}
	dv := plan.View{Buf: dst, Offset: 31, Shape: []int64{8, 32, 28, 28}, Strides: []int64{32 * 900, 900, 30, 1}}
	if err := copyView(dv, sv, mem); err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 8*32; n++ {
		for h := 0; h < 30; h++ {
			for w := 0; w < 30; w++ {
				d := ((n*30+h)*30 + w) * 4
				var want []byte
				if h >= 1 && h <= 28 && w >= 1 && w <= 28 {
					s := ((n*28+h-1)*28 + w - 1) * 4
					want = sm[s : s+4]
				} else {
					want = []byte{0, 0, 0, 0}
				}
				if !bytes.Equal(dm[d:d+4], want) {
					t.Fatalf("plane %d (%d, %d): %v, want %v", n, h, w, dm[d:d+4], want)
				}
			}
		}
	}
}

// TestCopyViewTranspose copies permuted views of 4-D tensors (the
// transposes of dy, the filter and the assembled gradient that the phase
// decomposition adds) for 2-, 4- and 8-byte elements and checks every
// element against the permutation.
func TestCopyViewTranspose(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	shape := []int64{3, 37, 5, 19}
	strides := []int64{37 * 5 * 19, 5 * 19, 19, 1}
	for _, elem := range []ir.Type{ir.FloatType{Kind: ir.F16}, ir.FloatType{Kind: ir.F32}, ir.FloatType{Kind: ir.F64}} {
		es := ir.ElementByteSize(elem)
		transposedBefore := transposedCopies.Load()
		// {0, 2, 3, 1}, {0, 3, 2, 1}, {0, 3, 1, 2} and flipLast are
		// transposes of 8x8 blocks and more, ragged in both dims: the
		// second moves the source's contiguous dim past a third, the
		// third's two inner dims coalesce into one of 185, the last reads
		// that dim backwards.
		flipLast := []int{0, 2, 3, 1}
		for _, perm := range [][]int{{0, 2, 3, 1}, {0, 3, 2, 1}, {0, 3, 1, 2}, {3, 2, 1, 0}, {1, 0, 2, 3}, {0, 1, 3, 2}, flipLast} {
			// dst[i0, i1, i2, i3] = src[...] with dst dim j = src dim perm[j].
			dshape := make([]int64, 4)
			for j, p := range perm {
				dshape[j] = shape[p]
			}
			src := &plan.Buffer{Elem: elem, Shape: shape}
			dst := &plan.Buffer{Elem: elem, Shape: dshape}
			sm := make([]byte, 3*37*5*19*es)
			rng.Read(sm)
			dm := make([]byte, len(sm))
			mem := func(b *plan.Buffer) ([]byte, error) {
				if b == src {
					return sm, nil
				}
				return dm, nil
			}
			sv := plan.View{Buf: src, Shape: dshape, Strides: make([]int64, 4)}
			for j, p := range perm {
				sv.Strides[j] = strides[p]
			}
			if &perm[0] == &flipLast[0] {
				// {0, 2, 3, 1} with the source's last dim read backwards
				// (a flipped kernel's taps).
				sv.Offset = shape[3] - 1
				sv.Strides[2] = -1
			}
			dv := plan.View{Buf: dst, Shape: dshape, Strides: []int64{dshape[1] * dshape[2] * dshape[3], dshape[2] * dshape[3], dshape[3], 1}}
			if err := copyView(dv, sv, mem); err != nil {
				t.Fatal(err)
			}
			var idx [4]int64
			for idx[0] = 0; idx[0] < dshape[0]; idx[0]++ {
				for idx[1] = 0; idx[1] < dshape[1]; idx[1]++ {
					for idx[2] = 0; idx[2] < dshape[2]; idx[2]++ {
						for idx[3] = 0; idx[3] < dshape[3]; idx[3]++ {
							d, s := int64(0), sv.Offset
							for j := range idx {
								d += idx[j] * dv.Strides[j]
								s += idx[j] * sv.Strides[j]
							}
							if !bytes.Equal(dm[d*int64(es):(d+1)*int64(es)], sm[s*int64(es):(s+1)*int64(es)]) {
								t.Fatalf("%v, perm %v, at %v: %v, want %v", elem, perm, idx, dm[d*int64(es):(d+1)*int64(es)], sm[s*int64(es):(s+1)*int64(es)])
							}
						}
					}
				}
			}
		}
		if ran := transposedCopies.Load() - transposedBefore; (ran == 4) != (es == 4 && haveAVX) {
			t.Errorf("%v: %d copies ran as 8x8 transposes", elem, ran)
		}
	}
}

// TestFillStridedViews fills strided windows — one strided dim, unit dims
// before and after the innermost, a run of two that steps into the next
// row as a padded image's border columns do, one large enough to be split
// among the workers — and checks that exactly the window's elements hold
// the value.
func TestFillStridedViews(t *testing.T) {
	f32 := ir.FloatType{Kind: ir.F32}
	for _, c := range []struct {
		buf     []int64
		offset  int64
		shape   []int64
		strides []int64
	}{
		{[]int64{50}, 3, []int64{9}, []int64{5}},
		{[]int64{2, 3, 10, 10}, 10, []int64{2, 3, 8, 1}, []int64{300, 100, 10, 1}},
		{[]int64{2, 3, 10, 10}, 9, []int64{2, 3, 9, 2}, []int64{300, 100, 10, 1}},
		{[]int64{2, 3, 1, 10, 10}, 90, []int64{2, 3, 1, 1, 10}, []int64{300, 100, 100, 10, 1}},
		{[]int64{16, 64, 58, 58}, 57, []int64{16, 64, 57, 2}, []int64{215296, 3364, 58, 1}},
	} {
		buf := &plan.Buffer{Elem: f32, Shape: c.buf}
		mem := make([]byte, buf.Bytes())
		for i := range mem {
			mem[i] = 0xAB
		}
		v := plan.View{Buf: buf, Offset: c.offset, Shape: c.shape, Strides: c.strides}
		if err := fill(v, ir.FloatAttr{Type: f32, Value: 1.5}, func(*plan.Buffer) ([]byte, error) { return mem, nil }); err != nil {
			t.Fatal(err)
		}
		want := bytes.Repeat([]byte{0xAB}, len(mem))
		one := []byte{0, 0, 0xC0, 0x3F} // 1.5 as f32, little-endian
		forEach(c.shape, c.strides, c.strides, c.offset, 0, func(o, _ int64) { copy(want[o*4:], one) })
		if !bytes.Equal(mem, want) {
			t.Fatalf("fill of %v at %d strides %v in %v: bytes differ", c.shape, c.offset, c.strides, c.buf)
		}
	}
}
