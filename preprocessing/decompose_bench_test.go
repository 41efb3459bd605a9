package preprocessing_test

import (
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// BenchmarkDecompose3x3 times the data gradient of a strided 3x3
// convolution (N=8, 64→64 channels, 28x28 input, stride 2, padding 1; NCHW
// f32, convolution_backward with output mask [true, false, false]) on the
// CPU backend: the lowering as is (scatter into zeros, then the
// correlation over the scattered dy), with decompose-strided-backward-data
// alone, and with the backward-data-conv pipeline. It reports the MACs of
// the contractions.
//
//	go test -run '^$' -bench Decompose3x3 ./preprocessing
func BenchmarkDecompose3x3(b *testing.B) {
	c := dataGradCase("bench_3x3_s2", 8, 64, 64, 1, []int64{28, 28}, 3, 2, 1, 1)
	src := c.TorchFunc()
	for _, v := range []struct{ name, pipeline string }{
		{"baseline", ""},
		{"decompose", "decompose-strided-backward-data"},
		{"backward-data-conv", "backward-data-conv"},
	} {
		b.Run(v.name, func(b *testing.B) {
			m := lower(b, c.Name, src, v.pipeline)
			p, err := plan.Build(m, "conv")
			if err != nil {
				b.Fatal(err)
			}
			var args []*runtime.Tensor
			for _, name := range c.Operands() {
				shape := c.Shapes[name]
				n := int64(1)
				for _, d := range shape {
					n *= d
				}
				vals := make([]float64, n)
				for i := range vals {
					vals[i] = float64(i%7-3) / 8
				}
				a, err := runtime.FromFloat64s(runtime.F32, shape, vals)
				if err != nil {
					b.Fatal(err)
				}
				args = append(args, a)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := cpu.Run(p, args); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(macs(m)), "MACs")
		})
	}
}
