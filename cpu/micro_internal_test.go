package cpu

import (
	"testing"
	"time"
)

// BenchmarkMicroKernel times the register tiles alone on a GEMM-like
// problem (K = 1152, A rows contiguous, B columns strided), reporting the
// best of several passes in ns per multiply-add (robust to other load).
func BenchmarkMicroKernel(b *testing.B) {
	const K, M, N = 1152, 64, 64
	a := make([]float32, M*K)
	bb := make([]float32, N*K)
	out := make([]float32, M*N)
	for i := range a {
		a[i] = float32(i%7) * 0.1
	}
	for i := range bb {
		bb[i] = float32(i%5) * 0.1
	}
	ra, rb := make([]int, K), make([]int, K)
	raB, rbB := make([]int, K), make([]int, K)
	for r := range ra {
		ra[r], rb[r] = r, r
		raB[r], rbB[r] = 4*r, 4*r
	}
	kernels := map[string]func(){
		"vec4x16": func() {
			if haveAVX {
				vecGEMM(a, bb, out, ra, rb, newVecSpace(nil, tdim{ext: M, ca: K, cout: N}, tdim{ext: N, cb: K, cout: 1}, K), 0, 0, 0, 0, M/vM, nil, nil, nil, nil, nil)
			}
		},
		"packed24": func() {
			packedGEMM(a, bb, out, ra, rb, nil, tdim{ext: M, ca: K, cout: N}, tdim{ext: N, cb: K, cout: 1}, 0, 0, 0, 0, M/tileM)
		},
		"unsafe24": func() {
			for i := 0; i < M; i += 2 {
				for j := 0; j < N; j += 4 {
					micro24u(a, bb, out, i*K, K, j*K, K, i*N+j, N, 1, raB, rbB)
				}
			}
		},
	}
	for name, f := range kernels {
		b.Run(name, func(b *testing.B) {
			best := time.Hour
			for i := 0; i < b.N; i++ {
				t := time.Now()
				f()
				best = min(best, time.Since(t))
			}
			b.ReportMetric(float64(best.Nanoseconds())/float64(K*M*N), "ns/MAC")
		})
	}
}

// newVecSpace is the vector path's view of a contraction with its rows
// built (runContraction takes their memory from the scratch pool).
func newVecSpace(outer []tdim, dm, dn tdim, K int) *vecSpace {
	v := newVecLoops(outer, dm, dn, K)
	v.buildRows(make([]int, 2*v.rowCount()))
	return v
}
