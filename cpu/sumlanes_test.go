package cpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// TestWideSums: f32 data summed in f64 (a batch norm's statistics and
// its gradient's sums, a bias gradient, as the lowering writes them) runs
// as a contraction that reads the f32 data in place — 16 channels in the
// lanes with AVX-512, each channel alone without it or where fewer than
// 16 are — and gives the interpreter's bits: plain sums, squared and
// scaled deviations from a mean, products (a group norm gradient's
// Σ dy·x), from zero and from given sums.
func TestWideSums(t *testing.T) {
	for _, avx512 := range []bool{true, false} {
		restore := cpu.SetKernels(cpu.Kernels{Vec: true, AVX512: avx512, Direct: true, Narrow: true, OneColumn: true, GroupLanes: true, Packed: true})
		for _, fn := range []string{"sum", "sqdev", "sqdev_few", "muldev", "product"} {
			p, err := plan.Build(parseFile(t, "testdata/wide_sums.mlir"), fn)
			if err != nil {
				t.Fatal(err)
			}
			before := cpu.WideSumRuns()
			matchInterpreter(t, p)
			// matchInterpreter runs the plan fast, then interpreted.
			if got := cpu.WideSumRuns() - before; got != 1 {
				t.Errorf("avx512 %v %s: %d wide sums, want 1\n%s", avx512, fn, got, p)
			}
		}
		restore()
	}
}

// TestBatchNormStatisticsInF64: a training batch norm's mean and
// variance over 8x64x64 = 32768 elements a channel whose mean is large
// against their spread (100 ± 1): summed in order in f32 (partial sums
// up to 3.3e6, where f32's spacing is 0.25), the mean was 7e-5 off (ten
// of its ulps) and invstd 1.4e-6 of itself; the lowering sums f32 data
// in f64 (as PyTorch's CPU kernel), and the mean is within half an ulp of
// the float64 one, invstd within 1e-8 of itself.
func TestBatchNormStatisticsInF64(t *testing.T) {
	const src = `func.func @main(%x: !torch.vtensor<[8,2,64,64],f32>, %w: !torch.vtensor<[2],f32>, %b: !torch.vtensor<[2],f32>, %rm: !torch.vtensor<[2],f32>, %rv: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) {
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %r:5 = torch.aten._native_batch_norm_legit_functional %x, %w, %b, %rm, %rv, %true, %mom, %eps : !torch.vtensor<[8,2,64,64],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[8,2,64,64],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
  return %r#1, %r#2 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
}
`
	p := compileTorch(t, src)
	rng := rand.New(rand.NewSource(3))
	xs := make([]float64, 8*2*64*64)
	for i := range xs {
		xs[i] = float64(float32(100 + rng.Float64()*2 - 1))
	}
	x, _ := runtime.FromFloat64s(runtime.F32, []int64{8, 2, 64, 64}, xs)
	vec := func(v float64) *runtime.Tensor {
		t, _ := runtime.FromFloat64s(runtime.F32, []int64{2}, []float64{v, v})
		return t
	}
	res, err := cpu.Run(p, []*runtime.Tensor{x, vec(1), vec(0), vec(0), vec(1)})
	if err != nil {
		t.Fatal(err)
	}
	for c := range 2 {
		var sum, sq float64
		for n := range 8 {
			for i := range 64 * 64 {
				sum += xs[(n*2+c)*4096+i]
			}
		}
		mean := sum / 32768
		for n := range 8 {
			for i := range 64 * 64 {
				d := xs[(n*2+c)*4096+i] - mean
				sq += d * d
			}
		}
		invstd := 1 / math.Sqrt(sq/32768+1e-5)
		if got := res[0].Float64(c); math.Abs(got-mean) > 1e-7*mean {
			t.Errorf("channel %d: mean %v, float64's %v", c, got, mean)
		}
		if got := res[1].Float64(c); math.Abs(got-invstd) > 2e-7*invstd {
			t.Errorf("channel %d: invstd %v, float64's %v", c, got, invstd)
		}
	}
}

// TestColumnSums: sums over rows into consecutive outputs (a bias
// gradient, a layer norm's grad_bias) add 16 outputs' elements at a time
// at each row (sumCols16, sumCols16d) where AVX-512 runs, and give the
// interpreter's bits: in f32 onto given sums, and in f64; the 8 columns
// past the two units lane by lane. (Rows read backwards:
// TestSumOverFlippedDim.)
func TestColumnSums(t *testing.T) {
	if !cpu.HaveAVX512() {
		t.Skip("no AVX-512: the column kernels do not run")
	}
	for _, fn := range []string{"cols32", "cols64"} {
		p, err := plan.Build(parseFile(t, "testdata/col_sums.mlir"), fn)
		if err != nil {
			t.Fatal(err)
		}
		before := cpu.ColSumRuns()
		matchInterpreter(t, p)
		if got := cpu.ColSumRuns() - before; got != 2 {
			t.Errorf("%s: %d units of 16 summed a column at a time, want 2\n%s", fn, got, p)
		}
	}
}
