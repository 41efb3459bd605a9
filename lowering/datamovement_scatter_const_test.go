package lowering

import (
	"slices"
	"testing"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

// TestEvalConstTensor evaluates the index computations torch.export
// writes (nearest upsampling's floor(arange·scale), reflection padding's
// n−1−|n−1−|i||, replication's clamp) and refuses what is not computed
// from constants alone: each returned value of @f against its expected
// values, nil for "not a constant".
func TestEvalConstTensor(t *testing.T) {
	const src = `
func.func @f(%arg: !torch.vtensor<[3],si64>) -> (!torch.vtensor<[6],si64>, !torch.vtensor<[6,1],si64>, !torch.vtensor<[8],si64>, !torch.vtensor<[5],si64>, !torch.vtensor<[3],si64>, !torch.vtensor<[4],f32>, !torch.vtensor<[3],si64>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %i4 = torch.constant.int 4
  %i5 = torch.constant.int 5
  %i6 = torch.constant.int 6
  %im1 = torch.constant.int -1
  %i7 = torch.constant.int 7
  %third = torch.constant.float 0.33333333333333331
  %half = torch.constant.float 5.000000e-01
  %a = torch.aten.arange.start_step %i0, %i6, %i1, %i6, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[6],f32>
  %s = torch.aten.mul.Scalar %a, %half : !torch.vtensor<[6],f32>, !torch.float -> !torch.vtensor<[6],f32>
  %h = torch.aten._to_copy %s, %i4, %none, %none, %none, %false, %none : !torch.vtensor<[6],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[6],si64>
  %hc = torch.aten.unsqueeze %h, %im1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6,1],si64>
  %r = torch.aten.arange.start_step %im1, %i7, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[8],si64>
  %r1 = torch.aten.abs %r : !torch.vtensor<[8],si64> -> !torch.vtensor<[8],si64>
  %n = torch.prim.NumToTensor.Scalar %i5 : !torch.int -> !torch.vtensor<[],si64>
  %r2 = torch.aten.sub.Tensor %n, %r1, %i1 : !torch.vtensor<[],si64>, !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8],si64>
  %r3 = torch.aten.abs %r2 : !torch.vtensor<[8],si64> -> !torch.vtensor<[8],si64>
  %r4 = torch.aten.sub.Tensor %n, %r3, %i1 : !torch.vtensor<[],si64>, !torch.vtensor<[8],si64>, !torch.int -> !torch.vtensor<[8],si64>
  %c = torch.aten.arange.start_step %im1, %i4, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],si64>
  %c1 = torch.aten.clamp %c, %i0, %i2 : !torch.vtensor<[5],si64>, !torch.int, !torch.int -> !torch.vtensor<[5],si64>
  %d = torch.aten.add.Tensor %arg, %arg, %i1 : !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  %e = torch.aten.arange %i4, %i6, %none, %none, %none : !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],f32>
  %e1 = torch.aten.mul.Scalar %e, %third : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  %g = torch.aten.arange %i5, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si64>
  return %h, %hc, %r4, %c1, %d, %e1, %g : !torch.vtensor<[6],si64>, !torch.vtensor<[6,1],si64>, !torch.vtensor<[8],si64>, !torch.vtensor<[5],si64>, !torch.vtensor<[3],si64>, !torch.vtensor<[4],f32>, !torch.vtensor<[3],si64>
}`
	m, err := asm.Parse(newContext(), src, asm.Options{FileName: "evalconst.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var ret *ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == fn.Return {
			ret = o
		}
	})
	third := float64(float32(1.0 / 3))
	want := [][]float64{
		{0, 0, 1, 1, 2, 2},
		{0, 0, 1, 1, 2, 2},
		{1, 0, 1, 2, 3, 4, 5, 4}, // reflection of 6 by one on each side
		{0, 0, 1, 2, 2},          // replication of 3
		nil,                      // computed from an argument
		{0, float64(float32(third)), float64(float32(2 * third)), float64(float32(3 * third))},
		nil, // arange(5) declared as 3 elements: not trusted
	}
	for i, w := range want {
		c, ok := evalConstTensor(ret.Operand(i))
		switch {
		case w == nil && ok:
			t.Errorf("result %d: evaluated to %v, want no constant", i, c.vals)
		case w != nil && !ok:
			t.Errorf("result %d: not evaluated, want %v", i, w)
		case w != nil && !slices.Equal(c.vals, w):
			t.Errorf("result %d: %v, want %v", i, c.vals, w)
		}
	}
}
