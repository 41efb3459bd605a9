// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// Forward conv, stride 2, padding 1, with bias: x is padded by p and read at
// s·o + d·k against the weight [F, C, K]; the bias is added in a separate
// elementwise generic.
// CHECK-DAG:   #[[X:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>
// CHECK-DAG:   #[[W:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[B:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @conv2d_bias(
// CHECK-SAME:      %[[XA:[^:]*]]: tensor<2x3x7x7xf32>, %[[WA:[^:]*]]: tensor<4x3x3x3xf32>, %[[BA:[^:]*]]: tensor<4xf32>) -> tensor<2x4x4x4xf32>
// CHECK:         %[[XP:.*]] = tensor.pad %[[XA]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:         %[[Y:.*]] = linalg.generic {indexing_maps = [#[[X]], #[[W]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[XP]], %[[WA]] : tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%{{.*}} : tensor<2x4x4x4xf32>)
// CHECK:         %[[YB:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[B]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y]], %[[BA]] : tensor<2x4x4x4xf32>, tensor<4xf32>)
// CHECK:         return %[[YB]] : tensor<2x4x4x4xf32>
func.func @conv2d_bias(%x: !torch.vtensor<[2,3,7,7],f32>, %w: !torch.vtensor<[4,3,3,3],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4,4,4],f32> {
  %s0 = torch.constant.int 2
  %s1 = torch.constant.int 2
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %y = torch.aten.convolution %x, %w, %b, %s, %p, %d, %tr, %op, %g : !torch.vtensor<[2,3,7,7],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,4,4],f32>
  return %y : !torch.vtensor<[2,4,4,4],f32>
}

// -----

// Grouped 1-D forward conv with dilation 2 and no bias.
// CHECK-DAG:   #[[X:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d3 + d5 * 2)>
// CHECK-DAG:   #[[W:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>
// CHECK-LABEL: func.func @conv1d_groups_nobias(
// CHECK:         %[[XE:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2], [3]] : tensor<1x4x9xf32> into tensor<1x2x2x9xf32>
// CHECK:         %[[WE:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2], [3]] : tensor<6x2x3xf32> into tensor<2x3x2x3xf32>
// CHECK:         %[[Y:.*]] = linalg.generic {indexing_maps = [#[[X]], #[[W]], {{.*}}]{{.*}} ins(%[[XE]], %[[WE]] : tensor<1x2x2x9xf32>, tensor<2x3x2x3xf32>) outs(%{{.*}} : tensor<1x2x3x5xf32>)
// CHECK:         %[[YC:.*]] = tensor.collapse_shape %[[Y]] {{\[}}[0], [1, 2], [3]] : tensor<1x2x3x5xf32> into tensor<1x6x5xf32>
// CHECK:         return %[[YC]]
func.func @conv1d_groups_nobias(%x: !torch.vtensor<[1,4,9],f32>, %w: !torch.vtensor<[6,2,3],f32>) -> !torch.vtensor<[1,6,5],f32> {
  %s0 = torch.constant.int 1
  %s = torch.prim.ListConstruct %s0 : (!torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 0
  %p = torch.prim.ListConstruct %p0 : (!torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 2
  %d = torch.prim.ListConstruct %d0 : (!torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0 : (!torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 2
  %none = torch.constant.none
  %y = torch.aten.convolution %x, %w, %none, %s, %p, %d, %tr, %op, %g : !torch.vtensor<[1,4,9],f32>, !torch.vtensor<[6,2,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,6,5],f32>
  return %y : !torch.vtensor<[1,6,5],f32>
}

// -----

// Transposed forward conv (conv_transpose2d), stride 2, padding 1,
// output_padding 1: x is scattered into zeros of extent Ho + d(K-1) = 10 at
// offset d(K-1) - p = 1 with stride 2, the weight [C, F, K] is flipped, and a
// stride-1 correlation produces [N, F, Ho] = [2, 4, 8, 8].
// CHECK-LABEL: func.func @tconv2d(
// CHECK-SAME:      %[[XA:[^:]*]]: tensor<2x3x4x4xf32>, %[[WA:[^:]*]]: tensor<3x4x3x3xf32>
// CHECK:         %[[S:.*]] = tensor.insert_slice %[[XA]] into %{{.*}}[0, 0, 1, 1] [2, 3, 4, 4] [1, 1, 2, 2] : tensor<2x3x4x4xf32> into tensor<2x3x10x10xf32>
// CHECK:         %[[WF:.*]] = linalg.generic {{.*}} ins(%[[WA]] : tensor<3x4x3x3xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[S]], %[[WF]] : tensor<2x3x10x10xf32>, tensor<3x4x3x3xf32>) outs(%{{.*}} : tensor<2x4x8x8xf32>)
func.func @tconv2d(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3,4,3,3],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4,8,8],f32> {
  %s0 = torch.constant.int 2
  %s1 = torch.constant.int 2
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 1
  %op1 = torch.constant.int 1
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool true
  %g = torch.constant.int 1
  %y = torch.aten.convolution %x, %w, %b, %s, %p, %d, %tr, %op, %g : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3,4,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,8,8],f32>
  return %y : !torch.vtensor<[2,4,8,8],f32>
}

// -----

// bf16: accumulate in f32, add the (extended) bias in f32, truncate once.
// CHECK-LABEL: func.func @conv2d_bf16(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x5x5xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x5x5xf32>, tensor<2xbf16>) outs(%{{.*}} : tensor<1x2x5x5xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x5x5xbf16>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return %[[T]] : tensor<1x2x5x5xbf16>
func.func @conv2d_bf16(%x: !torch.vtensor<[1,2,5,5],bf16>, %w: !torch.vtensor<[2,2,3,3],bf16>, %b: !torch.vtensor<[2],bf16>) -> !torch.vtensor<[1,2,5,5],bf16> {
  %s0 = torch.constant.int 1
  %s1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %y = torch.aten.convolution %x, %w, %b, %s, %p, %d, %tr, %op, %g : !torch.vtensor<[1,2,5,5],bf16>, !torch.vtensor<[2,2,3,3],bf16>, !torch.vtensor<[2],bf16>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,5,5],bf16>
  return %y : !torch.vtensor<[1,2,5,5],bf16>
}
