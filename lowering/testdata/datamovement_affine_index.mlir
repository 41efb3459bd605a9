// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// Nearest upsampling by 2 as torch.export writes it: a gather by
// h = floor(arange(6) * 0.5), i.e. (p floordiv 2) along each of the two
// dims. The result, expanded to (q, r) pairs, copies the source at q:
// linear maps, no tensor.extract; the collapse gives the 6x6 planes.
// CHECK-DAG:   #[[SRC:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4)>
// CHECK-DAG:   #[[ID6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @upsample_nearest(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<1x2x3x2x3x2xf32>
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[SRC]], #[[ID6]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x2x3x3xf32>) outs(%[[E]] : tensor<1x2x3x2x3x2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[G]] {{\[}}[0], [1], [2, 3], [4, 5]] : tensor<1x2x3x2x3x2xf32> into tensor<1x2x6x6xf32>
// CHECK:         return %[[C]]
func.func @upsample_nearest(%x: !torch.vtensor<[1,2,3,3],f32>) -> !torch.vtensor<[1,2,6,6],f32> {
  %none = torch.constant.none
  %f = torch.constant.bool false
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i4 = torch.constant.int 4
  %i6 = torch.constant.int 6
  %im1 = torch.constant.int -1
  %half = torch.constant.float 5.000000e-01
  %a = torch.aten.arange.start_step %i0, %i6, %i1, %i6, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[6],f32>
  %s = torch.aten.mul.Scalar %a, %half : !torch.vtensor<[6],f32>, !torch.float -> !torch.vtensor<[6],f32>
  %h = torch.aten._to_copy %s, %i4, %none, %none, %none, %f, %none : !torch.vtensor<[6],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[6],si64>
  %hc = torch.aten.unsqueeze %h, %im1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6,1],si64>
  %l = torch.prim.ListConstruct %none, %none, %hc, %h : (!torch.none, !torch.none, !torch.vtensor<[6,1],si64>, !torch.vtensor<[6],si64>) -> !torch.list<optional<vtensor>>
  %r = torch.aten.index.Tensor %x, %l : !torch.vtensor<[1,2,3,3],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[1,2,6,6],f32>
  return %r : !torch.vtensor<[1,2,6,6],f32>
}

// -----

// Its backward: index_put of the gradient at the same indices with
// accumulate. Each destination element sums the 2x2 positions that name
// it, from its own value, in increasing position (r of h, then r of w:
// PyTorch's order); the box is all of the destination, so no slice.
// CHECK-DAG:   #[[VALS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4, d3, d5)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @upsample_nearest_backward(
// CHECK:         %[[Z:.*]] = linalg.fill
// CHECK:         %[[X:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1], [2, 3], [4, 5]] : tensor<1x2x6x6xf32> into tensor<1x2x3x2x3x2xf32>
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [#[[VALS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<1x2x3x2x3x2xf32>) outs(%[[Z]] : tensor<1x2x3x3xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[SUM]] : f32
// CHECK-NOT:     tensor.extract
// CHECK:         return %[[S]]
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

// -----

// Positions 1, 3, 5 (arange(3) * 2 + 1) are a strided box of the
// destination: read with extract_slice, the values added, written back
// with insert_slice, stride 2.
// CHECK-LABEL: func.func @strided_put(
// CHECK:         %[[B:.*]] = tensor.extract_slice %arg0[0, 1] [3, 3] [1, 2] : tensor<3x7xf32> to tensor<3x3xf32>
// CHECK:         %[[S:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<3x3xf32>) outs(%[[B]] : tensor<3x3xf32>)
// CHECK:           arith.addf
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[S]] into %arg0[0, 1] [3, 3] [1, 2] : tensor<3x3xf32> into tensor<3x7xf32>
// CHECK:         return %[[R]]
func.func @strided_put(%d: !torch.vtensor<[3,7],f32>, %v: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[3,7],f32> {
  %none = torch.constant.none
  %t = torch.constant.bool true
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %i3 = torch.constant.int 3
  %e = torch.aten.arange.start_step %i0, %i3, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si64>
  %e2 = torch.aten.mul.Scalar %e, %i2 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  %o = torch.aten.add.Scalar %e2, %i1, %i1 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[3],si64>
  %l = torch.prim.ListConstruct %none, %o : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %r = torch.aten.index_put %d, %l, %v, %t : !torch.vtensor<[3,7],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,3],f32>, !torch.bool -> !torch.vtensor<[3,7],f32>
  return %r : !torch.vtensor<[3,7],f32>
}

// -----

// Negative indices wrap: -1 - arange(5) is [4, 3, 2, 1, 0], a flip
// (q·(-1) + 4).
// CHECK-DAG:   #[[FLIP:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 4)>
// CHECK-LABEL: func.func @flip_gather(
// CHECK:         linalg.generic {indexing_maps = [#[[FLIP]], {{.*}}]{{.*}} ins(%arg0 : tensor<2x5xf32>)
func.func @flip_gather(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32> {
  %none = torch.constant.none
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i5 = torch.constant.int 5
  %a = torch.aten.arange.start_step %i0, %i5, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],si64>
  %n = torch.aten.neg %a : !torch.vtensor<[5],si64> -> !torch.vtensor<[5],si64>
  %m = torch.aten.sub.Scalar %n, %i1, %i1 : !torch.vtensor<[5],si64>, !torch.int, !torch.int -> !torch.vtensor<[5],si64>
  %l = torch.prim.ListConstruct %none, %m : (!torch.none, !torch.vtensor<[5],si64>) -> !torch.list<optional<vtensor>>
  %r = torch.aten.index.Tensor %x, %l : !torch.vtensor<[2,5],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,5],f32>
  return %r : !torch.vtensor<[2,5],f32>
}

// -----

// An empty index tensor names no position: the gather's generic over an
// empty result, as for run-time indices.
// CHECK-LABEL: func.func @empty_gather(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x0xf32>)
// CHECK:           tensor.extract %arg0
func.func @empty_gather(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,0],f32> {
  %none = torch.constant.none
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %a = torch.aten.arange.start_step %i0, %i0, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[0],si64>
  %l = torch.prim.ListConstruct %none, %a : (!torch.none, !torch.vtensor<[0],si64>) -> !torch.list<optional<vtensor>>
  %r = torch.aten.index.Tensor %x, %l : !torch.vtensor<[2,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,0],f32>
  return %r : !torch.vtensor<[2,0],f32>
}
