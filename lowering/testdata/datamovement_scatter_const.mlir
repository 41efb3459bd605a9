// RUN: torchlower opt %s -p convert-torch-to-linalg | FileCheck %s

// index_put whose indices are computed from constants (arange, mul,
// _to_copy, unsqueeze: nearest upsampling's backward as torch.export
// writes it) is a gather by an inverted table: for each destination
// position, the index positions that name it (4 for a 2x upsampling), and
// one reduction over the table's columns, not over all 36 positions.
// CHECK-LABEL: func.func @upsample_nearest_backward(
// CHECK:         %[[G:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : tensor<1x2x6x6xf32> into tensor<1x2x36xf32>
// CHECK:         %[[T:.*]] = arith.constant dense<{{\[\[\[0, 1, 6, 7\], \[2, 3, 8, 9\], \[4, 5, 10, 11\]\]}}, {{.*}}]> : tensor<3x3x4xi64>
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[T]] : tensor<3x3x4xi64>)
// CHECK:           %[[K:.*]] = arith.index_cast
// CHECK:           tensor.extract %[[G]][%{{.*}}, %{{.*}}, %[[K]]] : tensor<1x2x36xf32>
// CHECK:           arith.addf
// CHECK-NOT:     arith.cmpi eq
func.func @upsample_nearest_backward(%g: !torch.vtensor<[1,2,6,6],f32>) -> !torch.vtensor<[1,2,3,3],f32> {
  %none = torch.constant.none
  %t = torch.constant.bool true
  %f = torch.constant.bool false
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %i3 = torch.constant.int 3
  %i4 = torch.constant.int 4
  %i6 = torch.constant.int 6
  %im1 = torch.constant.int -1
  %half = torch.constant.float 5.000000e-01
  %a = torch.aten.arange.start_step %i0, %i6, %i1, %i6, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[6],f32>
  %s = torch.aten.mul.Scalar %a, %half : !torch.vtensor<[6],f32>, !torch.float -> !torch.vtensor<[6],f32>
  %h = torch.aten._to_copy %s, %i4, %none, %none, %none, %f, %none : !torch.vtensor<[6],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[6],si64>
  %hc = torch.aten.unsqueeze %h, %im1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6,1],si64>
  %size = torch.prim.ListConstruct %i1, %i2, %i3, %i3 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %z = torch.aten.zeros %size, %i6, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[1,2,3,3],f32>
  %l = torch.prim.ListConstruct %none, %none, %hc, %h : (!torch.none, !torch.none, !torch.vtensor<[6,1],si64>, !torch.vtensor<[6],si64>) -> !torch.list<optional<vtensor>>
  %r = torch.aten.index_put %z, %l, %g, %t : !torch.vtensor<[1,2,3,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,2,6,6],f32>, !torch.bool -> !torch.vtensor<[1,2,3,3],f32>
  return %r : !torch.vtensor<[1,2,3,3],f32>
}
