package preprocessing_test

import (
	"fmt"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// BenchmarkScatter times the strided scatter alone on the CPU backend, as
// the lowering spells it (linalg.fill + strided insert_slice, run by plan
// as a memset and a strided copy) and as strided-insert-slice-to-generic
// rewrites it, for NCHW and NHWC layouts and growing pass-through extents.
// It is the measurement behind DefaultMaxPassThroughElements:
//
//	go test -run '^$' -bench Scatter ./preprocessing
func BenchmarkScatter(b *testing.B) {
	type shape struct {
		name       string
		src, dst   []int64
		off, strid []int64
	}
	var shapes []shape
	for _, c := range []int64{4, 64, 512} {
		shapes = append(shapes,
			shape{fmt.Sprintf("nchw_n2_c%d_28", c), []int64{2, c, 28, 28}, []int64{2, c, 57, 57}, []int64{0, 0, 1, 1}, []int64{1, 1, 2, 2}},
			shape{fmt.Sprintf("nhwc_n2_28_c%d", c), []int64{2, 28, 28, c}, []int64{2, 57, 57, c}, []int64{0, 1, 1, 0}, []int64{1, 2, 2, 1}})
	}
	for _, s := range shapes {
		text := fmt.Sprintf(`func.func @f(%%src: %s) -> %s {
  %%z = arith.constant 0.000000e+00 : f32
  %%e = tensor.empty() : %s
  %%f = linalg.fill ins(%%z : f32) outs(%%e : %s) -> %s
  %%r = tensor.insert_slice %%src into %%f%s %s %s : %s into %s
  return %%r : %s
}`, tt(s.src), tt(s.dst), tt(s.dst), tt(s.dst), tt(s.dst), list(s.off), list(s.src), list(s.strid), tt(s.src), tt(s.dst), tt(s.dst))
		for _, pipeline := range []string{"", "strided-insert-slice-to-generic{max-pass-through-elements=-1}"} {
			name := s.name + "/insert_slice"
			if pipeline != "" {
				name = s.name + "/generic"
			}
			b.Run(name, func(b *testing.B) {
				ctx := cli.NewContext()
				m, err := asm.Parse(ctx, text, asm.Options{FileName: "bench.mlir"})
				if err != nil {
					b.Fatal(err)
				}
				if pipeline != "" {
					pl, _ := registry().Parse(pipeline)
					if err := (&pass.Manager{IR: ctx, Pipeline: pl}).Run(m); err != nil {
						b.Fatal(err)
					}
				}
				p, err := plan.Build(m, "f")
				if err != nil {
					b.Fatal(err)
				}
				n := int64(1)
				for _, d := range s.src {
					n *= d
				}
				vals := make([]float64, n)
				arg, err := runtime.FromFloat64s(runtime.F32, s.src, vals)
				if err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if _, err := cpu.Run(p, []*runtime.Tensor{arg}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func tt(shape []int64) string {
	return ir.Tensor(ir.F32T, shape...).String()
}

func list(v []int64) string {
	s := "["
	for i, x := range v {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(x)
	}
	return s + "]"
}

// BenchmarkSwap1x1 times the data gradient of a 1x1 stride-2 convolution
// (NCHW, as lowering emits it: scatter, then contraction) on the CPU
// backend, without and with swap-strided-insert-slice-with-contraction.
//
//	go test -run '^$' -bench Swap1x1 ./preprocessing
func BenchmarkSwap1x1(b *testing.B) {
	const n, f, c, h = 4, 64, 64, 28
	const ho = 2*h - 1
	text := fmt.Sprintf(`#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
func.func @f(%%dy: %[1]s, %%w: %[2]s) -> %[3]s {
  %%cst = arith.constant 0.000000e+00 : f32
  %%0 = tensor.empty() : %[4]s
  %%1 = linalg.fill ins(%%cst : f32) outs(%%0 : %[4]s) -> %[4]s
  %%x = tensor.insert_slice %%dy into %%1[0, 0, 0, 0] [%[5]d, %[6]d, %[7]d, %[7]d] [1, 1, 2, 2] : %[1]s into %[4]s
  %%2 = tensor.empty() : %[3]s
  %%3 = linalg.fill ins(%%cst : f32) outs(%%2 : %[3]s) -> %[3]s
  %%4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%%x, %%w : %[4]s, %[2]s) outs(%%3 : %[3]s) {
  ^bb0(%%in: f32, %%in_0: f32, %%out: f32):
    %%5 = arith.mulf %%in, %%in_0 : f32
    %%6 = arith.addf %%out, %%5 : f32
    linalg.yield %%6 : f32
  } -> %[3]s
  return %%4 : %[3]s
}`, tt([]int64{n, f, h, h}), tt([]int64{f, c, 1, 1}), tt([]int64{n, c, ho, ho}), tt([]int64{n, f, ho, ho}), n, f, h)
	for _, pipeline := range []string{"", "swap-strided-insert-slice-with-contraction"} {
		name := "baseline"
		if pipeline != "" {
			name = "swap"
		}
		b.Run(name, func(b *testing.B) {
			ctx := cli.NewContext()
			m, err := asm.Parse(ctx, text, asm.Options{FileName: "bench.mlir"})
			if err != nil {
				b.Fatal(err)
			}
			if pipeline != "" {
				pl, _ := registry().Parse(pipeline)
				if err := (&pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}).Run(m); err != nil {
					b.Fatal(err)
				}
			}
			p, err := plan.Build(m, "f")
			if err != nil {
				b.Fatal(err)
			}
			dy, _ := runtime.FromFloat64s(runtime.F32, []int64{n, f, h, h}, make([]float64, n*f*h*h))
			w, _ := runtime.FromFloat64s(runtime.F32, []int64{f, c, 1, 1}, make([]float64, f*c))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := cpu.Run(p, []*runtime.Tensor{dy, w}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(macs(m)), "MACs")
		})
	}
}
