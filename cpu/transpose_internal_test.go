package cpu

import (
	"math/rand"
	"testing"
)

// TestTranspose8x8 checks the AVX 8x8 transpose against the definition
// for source and destination strides of either sign (a flipped weight's
// columns run backwards) and rows that are not 32-byte aligned.
func TestTranspose8x8(t *testing.T) {
	if !haveAVX {
		t.Skip("no AVX")
	}
	checkTransposeBlock(t, 8, transpose8x8, []transposeCase{{8, 8, 0}, {13, 8, 1}, {-11, 17, 3}, {9, -10, 5}, {-8, -8, 2}})
}

// TestTranspose16x16 checks the AVX-512 16x16 block the same way.
func TestTranspose16x16(t *testing.T) {
	if !haveAVX512 {
		t.Skip("no AVX-512F")
	}
	checkTransposeBlock(t, 16, transpose16x16, []transposeCase{{16, 16, 0}, {21, 16, 1}, {-19, 33, 3}, {17, -20, 5}, {-16, -16, 2}})
}

// transposeCase is a block's source and destination strides (elements)
// and its first element's distance from the middle of the buffers.
type transposeCase struct{ ss, ds, off int }

// checkTransposeBlock runs the n×n block transpose f for each case and
// compares every element of the destination buffer with the definition
// (the ones outside the block must stay zero).
func checkTransposeBlock(t *testing.T, n int, f func(dst *float32, ds int, src *float32, ss int), cases []transposeCase) {
	rng := rand.New(rand.NewSource(int64(n)))
	size := 5 * n * n
	for _, c := range cases {
		src := make([]float32, size)
		for i := range src {
			src[i] = rng.Float32()
		}
		dst := make([]float32, size)
		s0, d0 := size/2+c.off, size/2+c.off
		f(&dst[d0], c.ds*4, &src[s0], c.ss*4)
		want := make([]float32, size)
		for i := range n {
			for j := range n {
				want[d0+j*c.ds+i] = src[s0+i*c.ss+j]
			}
		}
		for i := range dst {
			if dst[i] != want[i] {
				t.Fatalf("%dx%d, strides %+v: element %d is %v, want %v", n, n, c, i, dst[i], want[i])
			}
		}
	}
}

// TestScatterStride2 checks scatterStrided's stride-2 stores (AVX-512:
// storeEven16x4) against the definition for 1 to 16 elements, ending at
// the output's last element: the elements between and after must keep
// their values.
func TestScatterStride2(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var src [16]float32
	for i := range src {
		src[i] = rng.Float32() + 1
	}
	for n := 1; n <= 16; n++ {
		out := make([]float32, 5+2*n-1)
		want := make([]float32, len(out))
		for i := range out {
			out[i] = -float32(i)
			want[i] = out[i]
		}
		for i := range n {
			want[5+2*i] = src[i]
		}
		scatterStrided(out, 5, 2, src[:n])
		for i := range out {
			if out[i] != want[i] {
				t.Fatalf("%d elements: out[%d] = %v, want %v", n, i, out[i], want[i])
			}
		}
	}
}

// TestTranspose2D checks transpose2D against its definition for every
// pair of extents up to 19 (8x8 blocks and ragged edges element by
// element), the source contiguous along j forwards and backwards, with
// gaps between the destination's rows and the source's columns: every
// element of the block is the source's, and nothing outside it is
// written.
func TestTranspose2D(t *testing.T) {
	if !haveAVX {
		t.Skip("no AVX")
	}
	const sentinel = -1
	for nj := int64(1); nj < 20; nj++ {
		for ni := int64(1); ni < 20; ni++ {
			for _, sj := range []int64{1, -1} {
				dj, si := ni+3, nj+2
				src := make([]float32, ni*si+nj+4)
				for i := range src {
					src[i] = float32(i)
				}
				dst := make([]float32, nj*dj+5)
				for i := range dst {
					dst[i] = sentinel
				}
				od, os := int64(2), int64(1)
				if sj < 0 {
					os += nj - 1
				}
				transpose2D(dst, src, nj, ni, dj, sj, si, od, os)
				want := make([]float32, len(dst))
				for i := range want {
					want[i] = sentinel
				}
				for j := range nj {
					for i := range ni {
						want[od+j*dj+i] = src[os+j*sj+i*si]
					}
				}
				for i := range dst {
					if dst[i] != want[i] {
						t.Fatalf("nj %d ni %d sj %d: dst[%d] = %v, want %v", nj, ni, sj, i, dst[i], want[i])
					}
				}
			}
		}
	}
}

// TestStoreEven16x4 checks storeEven16x4 (a narrow tile's 1-4 columns
// into a stride-2 phase) against the definition for 1 to 16 rows,
// columns a plane apart forwards and backwards: the elements between
// and around must keep their values.
func TestStoreEven16x4(t *testing.T) {
	if !haveAVX512 {
		t.Skip("storeEven16x4 needs AVX-512")
	}
	var src [64]float32
	for i := range src {
		src[i] = float32(i + 1)
	}
	for _, cstride := range []int{40, -40} {
		for n := 1; n <= 4; n++ {
			for mr := 1; mr <= 16; mr++ {
				out := make([]float32, 200)
				want := make([]float32, len(out))
				for i := range out {
					out[i], want[i] = -float32(i), -float32(i)
				}
				q := 5
				if cstride < 0 {
					q = 5 + 3*40
				}
				for j := range n {
					for i := range mr {
						want[q+j*cstride+2*i] = src[16*j+i]
					}
				}
				storeEven16x4(&out[q], cstride*4, &src[0], evenMasks[mr], n)
				for i := range out {
					if out[i] != want[i] {
						t.Fatalf("stride %d, %d columns of %d rows: out[%d] = %v, want %v", cstride, n, mr, i, out[i], want[i])
					}
				}
			}
		}
	}
}
