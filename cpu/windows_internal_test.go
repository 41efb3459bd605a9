package cpu

import (
	"math"
	"math/rand"
	"testing"
)

// TestColumnWindow checks column windows (columnWindow, two windows as
// two workers would run them) against dot, element by element and bit
// for bit: 8 rows, 52 columns (the last tile partial, the second window
// of one pair and a partial tile), 1100 reduction points (the last block
// short), the output row-major (rows copied) and column-major
// (scattered), starting from zero or from the output's values, unfused
// and fused.
func TestColumnWindow(t *testing.T) {
	if !haveAVX512 || !haveFMA {
		t.Skip("no AVX-512F or FMA")
	}
	const M, N, K = 8, 52, 1100
	rng := rand.New(rand.NewSource(4))
	a := randomFloats(rng, M*K, -1, 1)
	b := randomFloats(rng, N*K, -1, 1) // [N][K]: columns K apart, points consecutive
	ra, rb := make([]int, K), make([]int, K)
	for k := range K {
		ra[k], rb[k] = k, k
	}
	raB, _ := inBytes(ra, 4)
	rowA := make([]int, M)
	for i := range rowA {
		rowA[i] = i * K
	}
	for _, major := range []string{"row", "column"} {
		rowO := make([]int, M)
		dn := tdim{ext: N, cb: K, cout: 1, loop: 1}
		for i := range rowO {
			rowO[i] = i * N
			if major == "column" {
				rowO[i] = i
			}
		}
		if major == "column" {
			dn.cout = M
		}
		for _, zero := range []bool{false, true} {
			for _, fused := range []bool{false, true} {
				start := randomFloats(rng, M*N, -0.5, 0.5)
				want := append([]float32(nil), start...)
				if zero {
					clear(want)
				}
				dotOf := dotFor[float32](fused)
				for i := range M {
					for j := range N {
						dotOf(a, b, want, rowA[i], j*dn.cb, rowO[i]+j*dn.cout, ra, rb)
					}
				}
				got := append([]float32(nil), start...)
				v := &vecSpace{rowA: rowA, rowO: rowO, rowDims: []tdim{{ext: M, ca: K, cout: rowO[1]}}, dn: dn, K: K, outZero: zero, fma: fused}
				if !windowsFit(v, raB, nil, nil) {
					t.Fatal("column windows do not take the 8x52x1100 contraction")
				}
				columnWindow(a, b, got, rb, raB, v, 0, 0, 0, 0, 2)
				columnWindow(a, b, got, rb, raB, v, 0, 0, 0, 2, 4)
				for i := range got {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("%s-major, zero %v, fused %v: out[%d] = %v, want %v", major, zero, fused, i, got[i], want[i])
					}
				}
			}
		}
	}
}
