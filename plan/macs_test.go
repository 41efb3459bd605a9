package plan_test

import (
	"testing"

	"github.com/torchlower/torchlower/plan"
)

// TestMACsConvBackward counts the multiply-accumulates of the baseline
// lowering of a 2-D stride-2 convolution_backward (testdata/conv2d_strided:
// dy 2x4x4x4, x 2x3x8x8, w 4x3x3x3, padding 1).
func TestMACsConvBackward(t *testing.T) {
	p, err := plan.Build(parse(t, "testdata/conv2d_strided.mlir"), "conv2d_strided")
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, s := range p.Steps {
		if m := s.MACs(); m != 0 {
			got = append(got, m)
		}
	}
	// The data gradient correlates the scattered dy over every output
	// position and tap: N·C·H·W·F·Kh·Kw = 2·3·8·8·4·3·3. The weight
	// gradient: F·C·Kh·Kw·N·Ho·Wo = 4·3·3·3·2·4·4. The weight flip, the
	// fills, the scatter copy and the bias sum (adds, no product) count 0.
	want := []int64{2 * 3 * 8 * 8 * 4 * 3 * 3, 4 * 3 * 3 * 3 * 2 * 4 * 4}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("step MACs %v, want %v\n%s", got, want, p)
	}
	if p.MACs() != want[0]+want[1] {
		t.Errorf("plan MACs %d, want %d", p.MACs(), want[0]+want[1])
	}
}

// TestMACsBodies: only a product accumulated into the output counts
// (through widening casts, in either operand order, named ops included);
// an elementwise product, a sum and a copy do not.
func TestMACsBodies(t *testing.T) {
	const src = `
#id = affine_map<(d0, d1) -> (d0, d1)>
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @mixed(%x: tensor<3x5xf16>, %y: tensor<5x7xf16>, %acc: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %y : tensor<3x5xf16>, tensor<5x7xf16>) outs(%acc : tensor<3x7xf32>) {
  ^bb0(%in: f16, %in_0: f16, %out: f32):
    %1 = arith.mulf %in, %in_0 : f16
    %2 = arith.extf %1 : f16 to f32
    %3 = arith.addf %2, %out : f32
    linalg.yield %3 : f32
  } -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}
func.func @named(%x: tensor<3x5xf32>, %y: tensor<5x7xf32>, %acc: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = linalg.matmul ins(%x, %y : tensor<3x5xf32>, tensor<5x7xf32>) outs(%acc : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}
func.func @elementwise(%x: tensor<3x5xf32>, %y: tensor<3x5xf32>, %o: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<3x5xf32>, tensor<3x5xf32>) outs(%o : tensor<3x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %1 = arith.mulf %in, %in_0 : f32
    linalg.yield %1 : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
func.func @fma_of_inputs(%x: tensor<3x5xf32>, %y: tensor<3x5xf32>, %o: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<3x5xf32>, tensor<3x5xf32>) outs(%o : tensor<3x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %1 = arith.mulf %in, %in_0 : f32
    %2 = arith.addf %1, %in : f32
    linalg.yield %2 : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
func.func @sum(%x: tensor<3x5xf32>, %o: tensor<3xf32>) -> tensor<3xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<3x5xf32>) outs(%o : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %out, %in : f32
    linalg.yield %1 : f32
  } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
`
	m := parseText(t, "macs.mlir", src)
	for name, want := range map[string]int64{"mixed": 3 * 7 * 5, "named": 3 * 7 * 5, "elementwise": 0, "fma_of_inputs": 0, "sum": 0} {
		p, err := plan.Build(m, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := p.MACs(); got != want {
			t.Errorf("@%s: %d MACs, want %d\n%s", name, got, want, p)
		}
	}
}
