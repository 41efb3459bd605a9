package cpu

import (
	"testing"
	"time"
)

// BenchmarkKern4x16 times the AVX tile kernels alone on L1-resident
// panels: 4x16 (8 lanes a register) and the AVX-512 two-tile 4x16x2, each
// unfused (VMULPS then VADDPS) and fused (VFMADD231PS); ns/MAC is the
// best of b.N batches, so the sub-benchmarks compare directly.
func BenchmarkKern4x16(b *testing.B) {
	if !haveAVX {
		b.Skip("no AVX")
	}
	const K = 256
	a := make([]float32, K*vM)
	bb := make([]float32, 2*K*vN)
	for i := range a {
		a[i] = 0.5
	}
	for i := range bb {
		bb[i] = 0.25
	}
	// The in-place forms read the first factor's 4 rows where they lie
	// (K apart here) through the byte-offset table of the reduction.
	rows := make([]float32, K*vM)
	var offs [vM]int
	for i := range offs {
		offs[i] = i * K * 4
	}
	runs := [vM]int{0, 4, 8, 12}
	ra := make([]int, K)
	for k := range ra {
		ra[k] = k * 4
	}
	var c [2 * vM * vN]float32
	c1 := (*[vM * vN]float32)(c[:vM*vN])
	c2 := (*[vM * vN]float32)(c[vM*vN:])
	for _, k := range []struct {
		name string
		ok   bool
		cols int
		run  func()
	}{
		{"4x16", true, vN, func() { kern4x16(&a[0], &bb[0], c1, K) }},
		{"4x16-fused", haveFMA, vN, func() { kern4x16f(&a[0], &bb[0], c1, K) }},
		{"4x16x2", haveAVX512, 2 * vN, func() { kern4x16x2(&a[0], &bb[0], &bb[K*vN], &c, K) }},
		{"4x16x2-fused", haveAVX512, 2 * vN, func() { kern4x16x2f(&a[0], &bb[0], &bb[K*vN], &c, K) }},
		{"4x16x2-in-place-fused", haveAVX512, 2 * vN, func() { kern4x16x2rf(&rows[0], &offs, &ra[0], &bb[0], &bb[K*vN], &c, K) }},
		// Two row tiles of one n tile: 8 rows × 16 columns, counted as
		// 2×16 columns of 4 rows.
		{"8x16-fused", haveAVX512, 2 * vN, func() { kern8x16f(&a[0], &a[0], &bb[0], c1, c2, K) }},
		// Two units on two n tiles: 8 rows × 32 columns, counted as
		// 4×32 columns of 4 rows.
		{"8x16x2-fused", haveAVX512, 4 * vN, func() { kern8x16x2f(&a[0], &a[0], &bb[0], &bb[K*vN], &c, &c, K) }},
		{"8x16x2-in-place-fused", haveAVX512, 4 * vN, func() { kern8x16x2rf(&rows[0], &offs, &offs, &ra[0], &bb[0], &bb[K*vN], &c, &c, K) }},
		// Three units whose rows are runs of floats on two n tiles: 12
		// rows × 32 columns, counted as 6×32 columns of 4 rows.
		{"12x16x2-in-place-fused", haveAVX512, 6 * vN, func() { kern12x16x2rf(&rows[0], &runs, &runs, &runs, &ra[0], &bb[0], &bb[K*vN], &c, &c, &c, K) }},
	} {
		b.Run(k.name, func(b *testing.B) {
			if !k.ok {
				b.Skip("the CPU lacks the instructions")
			}
			best := time.Hour
			for i := 0; i < b.N; i++ {
				t := time.Now()
				for j := 0; j < 1000; j++ {
					k.run()
				}
				best = min(best, time.Since(t))
			}
			b.ReportMetric(float64(best.Nanoseconds())/float64(1000*K*vM*k.cols), "ns/MAC")
		})
	}
}
