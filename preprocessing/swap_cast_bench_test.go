package preprocessing_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/internal/convcase"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/preprocessing"
	"github.com/torchlower/torchlower/runtime"
)

// BenchmarkSwapCast times the bf16 data gradient of strided convolutions
// on the CPU through the backward-data-conv pipeline without and with
// swap-cast-with-insert-slice-chain (then fuse-elementwise-ops, as the
// default pipeline): the f32 accumulator assembled and truncated as a
// whole, against each region truncated as its contraction's epilogue into
// bf16 zeros.
//
//	go test -run '^$' -bench SwapCast -count 6 ./preprocessing
func BenchmarkSwapCast(b *testing.B) {
	with := preprocessing.BackwardDataConvPipeline + ",fuse-elementwise-ops"
	without := strings.Replace(with, "swap-cast-with-insert-slice-chain,", "", 1)
	for _, sh := range []struct {
		name          string
		n, c, f, h, k int64
	}{{"1x1_n8_c64to128_56x56", 8, 64, 128, 56, 1}, {"3x3_n8_c128to256_28x28", 8, 128, 256, 28, 3}} {
		c := &convcase.Case{Name: sh.name, Op: "convolution_backward", ND: 2, Stride: []int64{2, 2}, Padding: []int64{(sh.k - 1) / 2, (sh.k - 1) / 2},
			Dilation: []int64{1, 1}, OutputPadding: []int64{0, 0}, Groups: 1, OutputMask: []bool{true, false, false}, Dtype: "bf16"}
		ho := (sh.h+2*c.Padding[0]-sh.k)/2 + 1
		c.Shapes = map[string][]int64{"grad_output": {sh.n, sh.f, ho, ho}, "input": {sh.n, sh.c, sh.h, sh.h}, "weight": {sh.f, sh.c, sh.k, sh.k}}
		c.OutputShapes = [][]int64{{sh.n, sh.c, sh.h, sh.h}, {sh.f, sh.c, sh.k, sh.k}, {sh.f}}
		for _, v := range []struct{ name, pipeline string }{{"without", without}, {"with", with}} {
			b.Run(sh.name+"/"+v.name, func(b *testing.B) {
				m := lower(b, sh.name, c.TorchFunc(), v.pipeline)
				p, err := plan.Build(m, "conv")
				if err != nil {
					b.Fatal(err)
				}
				rng := rand.New(rand.NewSource(1))
				var args []*runtime.Tensor
				for _, a := range p.Args {
					t := runtime.New(runtime.BF16, a.Shape...)
					for i := range t.NumElements() {
						t.SetFloat64(i, rng.Float64()*2-1)
					}
					args = append(args, t)
				}
				b.ResetTimer()
				for range b.N {
					if _, err := cpu.Run(p, args); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
