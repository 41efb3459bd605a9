package cpu_test

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// residualReLU is a residual add and ReLU over an activation of ResNet's
// first stage (8x64x56x56), in the element type T, computed in f32: an
// elementwise step of every training graph, run in lanes. The ReLU is
// cmpf ugt + select, as the lowering writes aten.relu.
const residualReLU = `
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @main(%a: tensor<8x64x56x56xT>, %b: tensor<8x64x56x56xT>) -> tensor<8x64x56x56xT> {
  %e = tensor.empty() : tensor<8x64x56x56xT>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a, %b : tensor<8x64x56x56xT>, tensor<8x64x56x56xT>) outs(%e : tensor<8x64x56x56xT>) {
  ^bb0(%x: T, %y: T, %o: T):
    WIDEN
    %s = arith.addf %x32, %y32 : f32
    %g = arith.cmpf ugt, %s, %zero : f32
    %m = arith.select %g, %s, %zero : f32
    NARROW
  } -> tensor<8x64x56x56xT>
  return %r : tensor<8x64x56x56xT>
}
`

// BenchmarkLanes times residualReLU in f32 and bf16 through an Executor
// (results recycled, as bench does), in ns an element: compare with
// PyTorch's torch.relu(a + b) on the same tensors.
func BenchmarkLanes(b *testing.B) {
	for _, dt := range []string{"f32", "bf16"} {
		b.Run(dt, func(b *testing.B) {
			widen := "%x32 = arith.extf %x : bf16 to f32\n    %y32 = arith.extf %y : bf16 to f32"
			narrow := "%t = arith.truncf %m : f32 to bf16\n    linalg.yield %t : bf16"
			if dt == "f32" {
				widen = "%x32 = arith.addf %x, %zero : f32\n    %y32 = arith.addf %y, %zero : f32"
				narrow = "linalg.yield %m : f32"
			}
			benchMain(b, strings.NewReplacer("WIDEN", widen, "NARROW", narrow, "xT", "x"+dt, ": T", ": "+dt).Replace(residualReLU), 8*64*56*56)
		})
	}
}

// benchMain times @main of src through an Executor (results recycled,
// as bench does), its arguments zeros, in ns an element of elems.
func benchMain(b *testing.B, src string, elems int) {
	m, err := asm.Parse(newContext(), src, asm.Options{FileName: "bench.mlir"})
	if err != nil {
		b.Fatal(err)
	}
	p, err := plan.Build(m, "main")
	if err != nil {
		b.Fatal(err)
	}
	var args []*runtime.Tensor
	for _, a := range p.Args {
		d, err := cpu.DTypeOf(a.Elem)
		if err != nil {
			b.Fatal(err)
		}
		args = append(args, runtime.New(d, a.Shape...))
	}
	e := cpu.NewExecutor(p)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := e.Run(args, nil)
		if err != nil {
			b.Fatal(err)
		}
		e.Recycle(r...)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(elems), "ns/elem")
}

// windowReLU is residualReLU (f32) written into the interior of a
// zero-padded [8, 64, 58, 58] buffer, as a convolution's padded input:
// the output's rows are 56 elements of every 58.
const windowReLU = `
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @main(%a: tensor<8x64x56x56xf32>, %b: tensor<8x64x56x56xf32>) -> tensor<8x64x58x58xf32> {
  %zero = arith.constant 0.0 : f32
  %big = tensor.empty() : tensor<8x64x58x58xf32>
  %z = linalg.fill ins(%zero : f32) outs(%big : tensor<8x64x58x58xf32>) -> tensor<8x64x58x58xf32>
  %e = tensor.empty() : tensor<8x64x56x56xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a, %b : tensor<8x64x56x56xf32>, tensor<8x64x56x56xf32>) outs(%e : tensor<8x64x56x56xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %g = arith.cmpf ugt, %s, %zero : f32
    %m = arith.select %g, %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<8x64x56x56xf32>
  %p = tensor.insert_slice %r into %z[0, 0, 1, 1] [8, 64, 56, 56] [1, 1, 1, 1] : tensor<8x64x56x56xf32> into tensor<8x64x58x58xf32>
  return %p : tensor<8x64x58x58xf32>
}
`

// BenchmarkLanesRows times windowReLU with lane blocks of rows (four
// rows of 56, 224 lanes) and without (one row a block), in ns an element
// of the ReLU; the fill of the padded buffer is in both.
func BenchmarkLanesRows(b *testing.B) {
	for _, rows := range []bool{true, false} {
		b.Run(map[bool]string{true: "rows", false: "one_row"}[rows], func(b *testing.B) {
			defer cpu.SetRowBlocks(cpu.SetRowBlocks(rows))
			benchMain(b, windowReLU, 8*64*56*56)
		})
	}
}
