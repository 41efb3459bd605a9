// RUN: torchlower opt %s -p convert-torch-to-linalg | FileCheck %s

// index_put whose indices are computed from constants but are not affine
// along one dim each (here a reflection, |arange(-2, 3)| = [2, 1, 0, 1,
// 2]; affine ones are datamovement_affine_index.mlir's) is a gather by an
// inverted table: for each destination position, the index positions
// that name it (two at most here, -1 padding), and one reduction over the
// table's columns, not over all 5 positions for every element.
// CHECK-LABEL: func.func @reflected_backward(
// CHECK:         %[[T:.*]] = arith.constant dense<{{\[\[2, -1\], \[1, 3\], \[0, 4\], \[-1, -1\], \[-1, -1\]\]}}> : tensor<5x2xi64>
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[T]] : tensor<5x2xi64>) outs(%arg0 : tensor<2x5xf32>)
// CHECK:           %[[K:.*]] = arith.index_cast
// CHECK:           tensor.extract %arg1[%{{.*}}, %[[K]]] : tensor<2x5xf32>
// CHECK:           arith.addf
// CHECK-NOT:     arith.cmpi eq
func.func @reflected_backward(%d: !torch.vtensor<[2,5],f32>, %g: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32> {
  %none = torch.constant.none
  %t = torch.constant.bool true
  %im2 = torch.constant.int -2
  %i1 = torch.constant.int 1
  %i3 = torch.constant.int 3
  %a = torch.aten.arange.start_step %im2, %i3, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],si64>
  %r = torch.aten.abs %a : !torch.vtensor<[5],si64> -> !torch.vtensor<[5],si64>
  %l = torch.prim.ListConstruct %none, %r : (!torch.none, !torch.vtensor<[5],si64>) -> !torch.list<optional<vtensor>>
  %o = torch.aten.index_put %d, %l, %g, %t : !torch.vtensor<[2,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,5],f32>, !torch.bool -> !torch.vtensor<[2,5],f32>
  return %o : !torch.vtensor<[2,5],f32>
}
