package cpu

import (
	"testing"
	"time"
)

// BenchmarkKern4x16 times the AVX tile kernel alone on L1-resident panels.
func BenchmarkKern4x16(b *testing.B) {
	if !haveAVX {
		b.Skip("no AVX")
	}
	const K = 256
	a := make([]float32, K*vM)
	bb := make([]float32, K*vN)
	for i := range a {
		a[i] = 0.5
	}
	for i := range bb {
		bb[i] = 0.25
	}
	var c [64]float32
	best := time.Hour
	for i := 0; i < b.N; i++ {
		t := time.Now()
		for j := 0; j < 1000; j++ {
			kern4x16(&a[0], &bb[0], &c, K)
		}
		best = min(best, time.Since(t))
	}
	b.ReportMetric(float64(best.Nanoseconds())/float64(1000*K*vM*vN), "ns/MAC")
}

// BenchmarkKern4x16x2 times the AVX-512 two-tile kernel alone on
// L1-resident panels; ns/MAC comparable with BenchmarkKern4x16's.
func BenchmarkKern4x16x2(b *testing.B) {
	if !haveAVX512 {
		b.Skip("no AVX-512")
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
	var c [2 * vM * vN]float32
	best := time.Hour
	for i := 0; i < b.N; i++ {
		t := time.Now()
		for j := 0; j < 1000; j++ {
			kern4x16x2(&a[0], &bb[0], &bb[K*vN], &c, K)
		}
		best = min(best, time.Since(t))
	}
	b.ReportMetric(float64(best.Nanoseconds())/float64(1000*K*vM*2*vN), "ns/MAC")
}
