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
	rng := rand.New(rand.NewSource(1))
	for _, c := range []struct{ ss, ds, off int }{{8, 8, 0}, {13, 8, 1}, {-11, 17, 3}, {9, -10, 5}, {-8, -8, 2}} {
		src := make([]float32, 400)
		for i := range src {
			src[i] = rng.Float32()
		}
		dst := make([]float32, 400)
		s0 := 200 + c.off
		d0 := 200 + c.off
		transpose8x8(&dst[d0], c.ds*4, &src[s0], c.ss*4)
		want := make([]float32, 400)
		for i := range 8 {
			for j := range 8 {
				want[d0+j*c.ds+i] = src[s0+i*c.ss+j]
			}
		}
		for i := range dst {
			if dst[i] != want[i] {
				t.Fatalf("strides %+v: element %d is %v, want %v", c, i, dst[i], want[i])
			}
		}
	}
}

// TestTranspose16x16 checks the AVX-512 16x16 block against the
// definition, with strides forwards and backwards.
func TestTranspose16x16(t *testing.T) {
	if !haveAVX512 {
		t.Skip("no AVX-512F")
	}
	rng := rand.New(rand.NewSource(2))
	for _, c := range []struct{ ss, ds, off int }{{16, 16, 0}, {21, 16, 1}, {-19, 33, 3}, {17, -20, 5}, {-16, -16, 2}} {
		src := make([]float32, 1200)
		for i := range src {
			src[i] = rng.Float32()
		}
		dst := make([]float32, 1200)
		s0 := 600 + c.off
		d0 := 600 + c.off
		transpose16x16(&dst[d0], c.ds*4, &src[s0], c.ss*4)
		want := make([]float32, 1200)
		for i := range 16 {
			for j := range 16 {
				want[d0+j*c.ds+i] = src[s0+i*c.ss+j]
			}
		}
		for i := range dst {
			if dst[i] != want[i] {
				t.Fatalf("strides %+v: element %d is %v, want %v", c, i, dst[i], want[i])
			}
		}
	}
}

// TestScatterStride2 checks scatterStrided's stride-2 stores (AVX-512:
// storeEven16) against the definition for 1 to 16 elements, ending at
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
