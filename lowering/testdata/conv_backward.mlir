// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// 1-D, stride 1. The data gradient flips the kernel in its own generic
// ((K-1) - k as an affine map), pads dy by p' = d(K-1) - p = 1 on each side
// (no scatter: every stride is 1) and correlates; the weight gradient pads x
// by p and reads it at s·o + d·k; the bias gradient sums all dims but 1,
// f32 in f64 (N·ΠHo terms), rounded once.
// Function boundaries become builtin tensors and the torch constants are gone.
// CHECK-DAG:   #[[FLIP:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, -d2 + 2)>
// CHECK-DAG:   #[[ID3:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[DY:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
// CHECK-DAG:   #[[WF:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-DAG:   #[[XP:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4 + d2)>
// CHECK-DAG:   #[[DYW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d0, d4)>
// CHECK-DAG:   #[[BIAS:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @conv1d(
// CHECK-SAME:      %[[DYA:[^:]*]]: tensor<2x4x9xf32>, %[[XA:[^:]*]]: tensor<2x3x9xf32>, %[[WA:[^:]*]]: tensor<4x3x3xf32>)
// CHECK-SAME:      -> (tensor<2x3x9xf32>, tensor<4x3x3xf32>, tensor<4xf32>)
// CHECK-NOT:     torch.
// CHECK:         %[[FLIPPED:.*]] = linalg.generic {indexing_maps = [#[[FLIP]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[WA]] : tensor<4x3x3xf32>)
// CHECK:         %[[DYP:.*]] = tensor.pad %[[DYA]] low[0, 0, 1] high[0, 0, 1]
// CHECK:         } : tensor<2x4x9xf32> to tensor<2x4x11xf32>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3x9xf32>)
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[DY]], #[[WF]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[DYP]], %[[FLIPPED]] : tensor<2x4x11xf32>, tensor<4x3x3xf32>) outs(%[[Z]] : tensor<2x3x9xf32>)
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[C]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         %[[XPAD:.*]] = tensor.pad %[[XA]] low[0, 0, 1] high[0, 0, 1]
// CHECK:         %[[DW:.*]] = linalg.generic {indexing_maps = [#[[XP]], #[[DYW]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[XPAD]], %[[DYA]] : tensor<2x3x11xf32>, tensor<2x4x9xf32>) outs(%{{.*}} : tensor<4x3x3xf32>)
// CHECK:         %[[DB64:.*]] = linalg.generic {indexing_maps = [#[[ID3]], #[[BIAS]]], iterator_types = ["reduction", "parallel", "reduction"]} ins(%[[DYA]] : tensor<2x4x9xf32>) outs(%{{.*}} : tensor<4xf64>)
// CHECK:           arith.extf %{{.*}} : f32 to f64
// CHECK:         %[[DB:.*]] = linalg.generic {{.*}} ins(%[[DB64]] : tensor<4xf64>) outs(%{{.*}} : tensor<4xf32>)
// CHECK:           arith.truncf %{{.*}} : f64 to f32
// CHECK:         return %[[DX]], %[[DW]], %[[DB]] : tensor<2x3x9xf32>, tensor<4x3x3xf32>, tensor<4xf32>
// CHECK-NOT:     torch.
func.func @conv1d(%dy: !torch.vtensor<[2,4,9],f32>, %x: !torch.vtensor<[2,3,9],f32>, %w: !torch.vtensor<[4,3,3],f32>) -> (!torch.vtensor<[2,3,9],f32>, !torch.vtensor<[4,3,3],f32>, !torch.vtensor<[4],f32>) {
  %bs0 = torch.constant.int 4
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 1
  %s = torch.prim.ListConstruct %s0 : (!torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0 : (!torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0 : (!torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0 : (!torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[2,4,9],f32>, !torch.vtensor<[2,3,9],f32>, !torch.vtensor<[4,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,3,9],f32>, !torch.vtensor<[4,3,3],f32>, !torch.vtensor<[4],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,9],f32>, !torch.vtensor<[4,3,3],f32>, !torch.vtensor<[4],f32>
}

// -----

// 2-D, stride 2: dy is scattered with a strided insert_slice (offsets
// p' = 1, strides 2) into linalg.fill(0) of tensor.empty of extent
// H + d(K-1) = 10. H = 8 is an "odd extent": (H + 2p - d(K-1) - 1) mod s = 1,
// so the last row of x gets no contribution; the destination is sized from
// H, not from Ho, which keeps those rows zero. The weight gradient reads the
// padded x with stride 2 (d5 * 2 + d2).
// CHECK-DAG:   #[[DY:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
// CHECK-DAG:   #[[XP:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 2 + d2, d6 * 2 + d3)>
// CHECK-LABEL: func.func @conv2d_strided(
// CHECK-SAME:      %[[DYA:[^:]*]]: tensor<2x4x4x4xf32>, %[[XA:[^:]*]]: tensor<2x3x8x8xf32>
// CHECK:         %[[FLIPPED:.*]] = linalg.generic
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x4x10x10xf32>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<2x4x10x10xf32>)
// CHECK:         %[[S:.*]] = tensor.insert_slice %[[DYA]] into %[[Z]][0, 0, 1, 1] [2, 4, 4, 4] [1, 1, 2, 2] : tensor<2x4x4x4xf32> into tensor<2x4x10x10xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[DY]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[S]], %[[FLIPPED]] : tensor<2x4x10x10xf32>, tensor<4x3x3x3xf32>) outs(%{{.*}} : tensor<2x3x8x8xf32>)
// CHECK:         %[[XPAD:.*]] = tensor.pad %[[XA]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:         linalg.generic {indexing_maps = [#[[XP]], {{.*}}]{{.*}} ins(%[[XPAD]], %[[DYA]] : tensor<2x3x10x10xf32>, tensor<2x4x4x4xf32>) outs(%{{.*}} : tensor<4x3x3x3xf32>)
func.func @conv2d_strided(%dy: !torch.vtensor<[2,4,4,4],f32>, %x: !torch.vtensor<[2,3,8,8],f32>, %w: !torch.vtensor<[4,3,3,3],f32>) -> (!torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>) {
  %bs0 = torch.constant.int 4
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[2,4,4,4],f32>, !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>
}

// -----

// 3-D with per-dim stride (1, 2, 2) and dilation (1, 1, 2): the maps come
// from the same loop as 1-D and 2-D. The scatter keeps stride 1 on the first
// spatial dim, and the correlation reads dy at i + d·k per dim.
// CHECK-DAG:   #[[FLIP:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, -d2 + 2, -d3 + 2, -d4 + 2)>
// CHECK-DAG:   #[[DY:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d5, d2 + d6, d3 + d7, d4 + d8 * 2)>
// CHECK-DAG:   #[[XP:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d5, d1, d6 + d2, d7 * 2 + d3, d8 * 2 + d4 * 2)>
// CHECK-LABEL: func.func @conv3d(
// CHECK:         linalg.generic {indexing_maps = [#[[FLIP]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1, 1, 3] [1, 3, 5, 3, 2] [1, 1, 1, 2, 2] : tensor<1x3x5x3x2xf32> into tensor<1x3x7x7x9xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[DY]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
// CHECK:         linalg.generic {indexing_maps = [#[[XP]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
func.func @conv3d(%dy: !torch.vtensor<[1,3,5,3,2],f32>, %x: !torch.vtensor<[1,2,5,5,5],f32>, %w: !torch.vtensor<[3,2,3,3,3],f32>) -> (!torch.vtensor<[1,2,5,5,5],f32>, !torch.vtensor<[3,2,3,3,3],f32>, !torch.vtensor<[3],f32>) {
  %bs0 = torch.constant.int 3
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 1
  %s1 = torch.constant.int 2
  %s2 = torch.constant.int 2
  %s = torch.prim.ListConstruct %s0, %s1, %s2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p1 = torch.constant.int 1
  %p2 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p1, %p2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d2 = torch.constant.int 2
  %d = torch.prim.ListConstruct %d0, %d1, %d2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op2 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1, %op2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,3,5,3,2],f32>, !torch.vtensor<[1,2,5,5,5],f32>, !torch.vtensor<[3,2,3,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5,5],f32>, !torch.vtensor<[3,2,3,3,3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5,5],f32>, !torch.vtensor<[3,2,3,3,3],f32>, !torch.vtensor<[3],f32>
}

// -----

// groups = 2: C -> [G, C/G] and F -> [G, F/G] with tensor.expand_shape, the
// weight [F, C/G, K] -> [G, F/G, C/G, K]; every generic has a parallel group
// loop (d1); results are collapsed back at the end.
// CHECK-DAG:   #[[DY:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d5, d3 + d6, d4 + d7)>
// CHECK-DAG:   #[[WF:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d5, d2, d6, d7)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG:   #[[XP:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d0, d2, d6 + d3, d7 + d4)>
// CHECK-DAG:   #[[DYW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d0, d1, d6, d7)>
// CHECK-LABEL: func.func @conv2d_groups(
// CHECK-SAME:      %[[DYA:[^:]*]]: tensor<2x6x6x6xf32>, %[[XA:[^:]*]]: tensor<2x4x6x6xf32>, %[[WA:[^:]*]]: tensor<6x2x3x3xf32>)
// CHECK:         %[[WE:.*]] = tensor.expand_shape %[[WA]] {{\[}}[0, 1], [2], [3], [4]] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
// CHECK:         %[[FLIPPED:.*]] = linalg.generic {{.*}} ins(%[[WE]] : tensor<2x3x2x3x3xf32>)
// CHECK:         %[[DYE:.*]] = tensor.expand_shape %[[DYA]] {{\[}}[0], [1, 2], [3], [4]] : tensor<2x6x6x6xf32> into tensor<2x2x3x6x6xf32>
// CHECK:         %[[DYP:.*]] = tensor.pad %[[DYE]] low[0, 0, 0, 1, 1] high[0, 0, 0, 1, 1]
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[DY]], #[[WF]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[DYP]], %[[FLIPPED]] : tensor<2x2x3x8x8xf32>, tensor<2x3x2x3x3xf32>) outs(%{{.*}} : tensor<2x2x2x6x6xf32>)
// CHECK:         %[[DXC:.*]] = tensor.collapse_shape %[[DX]] {{\[}}[0], [1, 2], [3], [4]] : tensor<2x2x2x6x6xf32> into tensor<2x4x6x6xf32>
// CHECK:         %[[XE:.*]] = tensor.expand_shape %[[XA]] {{\[}}[0], [1, 2], [3], [4]] : tensor<2x4x6x6xf32> into tensor<2x2x2x6x6xf32>
// CHECK:         %[[XPAD:.*]] = tensor.pad %[[XE]]
// CHECK:         %[[DYE2:.*]] = tensor.expand_shape %[[DYA]]
// CHECK:         %[[DW:.*]] = linalg.generic {indexing_maps = [#[[XP]], #[[DYW]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[XPAD]], %[[DYE2]] : tensor<2x2x2x8x8xf32>, tensor<2x2x3x6x6xf32>) outs(%{{.*}} : tensor<2x3x2x3x3xf32>)
// CHECK:         %[[DWC:.*]] = tensor.collapse_shape %[[DW]] {{\[}}[0, 1], [2], [3], [4]] : tensor<2x3x2x3x3xf32> into tensor<6x2x3x3xf32>
// CHECK:         return %[[DXC]], %[[DWC]], %{{.*}} : tensor<2x4x6x6xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>
func.func @conv2d_groups(%dy: !torch.vtensor<[2,6,6,6],f32>, %x: !torch.vtensor<[2,4,6,6],f32>, %w: !torch.vtensor<[6,2,3,3],f32>) -> (!torch.vtensor<[2,4,6,6],f32>, !torch.vtensor<[6,2,3,3],f32>, !torch.vtensor<[6],f32>) {
  %bs0 = torch.constant.int 6
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %g = torch.constant.int 2
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[2,6,6,6],f32>, !torch.vtensor<[2,4,6,6],f32>, !torch.vtensor<[6,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,4,6,6],f32>, !torch.vtensor<[6,2,3,3],f32>, !torch.vtensor<[6],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,4,6,6],f32>, !torch.vtensor<[6,2,3,3],f32>, !torch.vtensor<[6],f32>
}

// -----

// Depthwise (G = C = 4, channel multiplier 2), stride 2: the grouped weight
// is [4, 2, 1, 3, 3]; the scatter and both contractions carry the group dim.
// CHECK-LABEL: func.func @conv2d_depthwise(
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2], [3], [4]] : tensor<8x1x3x3xf32> into tensor<4x2x1x3x3xf32>
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 1, 1] [2, 4, 2, 4, 4] [1, 1, 1, 2, 2] : tensor<2x4x2x4x4xf32> into tensor<2x4x2x9x9xf32>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4x1x7x7xf32>)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2], [3], [4]] : tensor<2x4x1x7x7xf32> into tensor<2x4x7x7xf32>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<4x2x1x3x3xf32>)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2], [3], [4]] : tensor<4x2x1x3x3xf32> into tensor<8x1x3x3xf32>
func.func @conv2d_depthwise(%dy: !torch.vtensor<[2,8,4,4],f32>, %x: !torch.vtensor<[2,4,7,7],f32>, %w: !torch.vtensor<[8,1,3,3],f32>) -> (!torch.vtensor<[2,4,7,7],f32>, !torch.vtensor<[8,1,3,3],f32>, !torch.vtensor<[8],f32>) {
  %bs0 = torch.constant.int 8
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %g = torch.constant.int 4
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[2,8,4,4],f32>, !torch.vtensor<[2,4,7,7],f32>, !torch.vtensor<[8,1,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,4,7,7],f32>, !torch.vtensor<[8,1,3,3],f32>, !torch.vtensor<[8],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,4,7,7],f32>, !torch.vtensor<[8,1,3,3],f32>, !torch.vtensor<[8],f32>
}

// -----

// Dilation 2 with stride 2 and padding 2: the scatter destination has extent
// H + d(K-1) = 13 and offset p' = 4 - 2 = 2; the correlation reads dy at
// i + 2k; the weight gradient at 2o + 2k.
// CHECK-DAG:   #[[DY:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5 * 2, d3 + d6 * 2)>
// CHECK-DAG:   #[[XP:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 2 + d2 * 2, d6 * 2 + d3 * 2)>
// CHECK-LABEL: func.func @conv2d_dilated(
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 2, 2] [1, 2, 5, 5] [1, 1, 2, 2] : tensor<1x2x5x5xf32> into tensor<1x2x13x13xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[DY]],
// CHECK:         tensor.pad %{{.*}} low[0, 0, 2, 2] high[0, 0, 2, 2]
// CHECK:         linalg.generic {indexing_maps = [#[[XP]],
func.func @conv2d_dilated(%dy: !torch.vtensor<[1,2,5,5],f32>, %x: !torch.vtensor<[1,2,9,9],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,9,9],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 2
  %s1 = torch.constant.int 2
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 2
  %p1 = torch.constant.int 2
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 2
  %d1 = torch.constant.int 2
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[1,2,9,9],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,9,9],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,9,9],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
}

// -----

// Padding larger than d(K-1) (p = 3 > 2): p' = -1 is negative, which
// torch-mlir rejects. The first and last row/column of dy land outside the
// correlation's window, so dy is cropped with extract_slice instead of
// padded (here it then needs no padding at all).
// CHECK-LABEL: func.func @conv2d_pad_gt_dk(
// CHECK-SAME:      %[[DYA:[^:]*]]: tensor<1x3x9x9xf32>
// CHECK:         %[[CROP:.*]] = tensor.extract_slice %[[DYA]][0, 0, 1, 1] [1, 3, 7, 7] [1, 1, 1, 1] : tensor<1x3x9x9xf32> to tensor<1x3x7x7xf32>
// CHECK-NOT:     tensor.pad %[[CROP]]
// CHECK:         linalg.generic {{.*}} ins(%[[CROP]], %{{.*}} : tensor<1x3x7x7xf32>, tensor<3x2x3x3xf32>) outs(%{{.*}} : tensor<1x2x5x5xf32>)
func.func @conv2d_pad_gt_dk(%dy: !torch.vtensor<[1,3,9,9],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[3,2,3,3],f32>) -> (!torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>) {
  %bs0 = torch.constant.int 3
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 1
  %s1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 3
  %p1 = torch.constant.int 3
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,3,9,9],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>
}

// -----

// Padding larger than d(K-1) with stride 2 (K = 2, p = 2, p' = -1): the
// first column of dy is cropped (its target -1 is outside), the rest is
// scattered from offset 1 with stride 2 into extent H + d(K-1) = 7.
// CHECK-LABEL: func.func @conv2d_pad_gt_dk_strided(
// CHECK-SAME:      %[[DYA:[^:]*]]: tensor<2x2x5x5xf32>
// CHECK:         %[[CROP:.*]] = tensor.extract_slice %[[DYA]][0, 0, 1, 1] [2, 2, 3, 3] [1, 1, 1, 1] : tensor<2x2x5x5xf32> to tensor<2x2x3x3xf32>
// CHECK:         tensor.insert_slice %[[CROP]] into %{{.*}}[0, 0, 1, 1] [2, 2, 3, 3] [1, 1, 2, 2] : tensor<2x2x3x3xf32> into tensor<2x2x7x7xf32>
func.func @conv2d_pad_gt_dk_strided(%dy: !torch.vtensor<[2,2,5,5],f32>, %x: !torch.vtensor<[2,2,6,6],f32>, %w: !torch.vtensor<[2,2,2,2],f32>) -> (!torch.vtensor<[2,2,6,6],f32>, !torch.vtensor<[2,2,2,2],f32>, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 2
  %s1 = torch.constant.int 2
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 2
  %p1 = torch.constant.int 2
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[2,2,5,5],f32>, !torch.vtensor<[2,2,6,6],f32>, !torch.vtensor<[2,2,2,2],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,2,6,6],f32>, !torch.vtensor<[2,2,2,2],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,2,6,6],f32>, !torch.vtensor<[2,2,2,2],f32>, !torch.vtensor<[2],f32>
}

// -----

// 1x1 kernel, stride 2: no flip at all (no kernel dim above 1), so the
// weight feeds the correlation directly; dy is still scattered.
// CHECK-LABEL: func.func @conv2d_1x1_stride2(
// CHECK-SAME:      %[[DYA:[^:]*]]: tensor<2x4x4x4xf32>, %[[XA:[^:]*]]: tensor<2x3x7x7xf32>, %[[WA:[^:]*]]: tensor<4x3x1x1xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         %[[S:.*]] = tensor.insert_slice %[[DYA]] into %{{.*}}[0, 0, 0, 0] [2, 4, 4, 4] [1, 1, 2, 2] : tensor<2x4x4x4xf32> into tensor<2x4x7x7xf32>
// CHECK-NEXT:    %{{.*}} = arith.constant
// CHECK-NEXT:    %{{.*}} = tensor.empty
// CHECK-NEXT:    %{{.*}} = linalg.fill
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[S]], %[[WA]] : tensor<2x4x7x7xf32>, tensor<4x3x1x1xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[XA]], %[[DYA]] : tensor<2x3x7x7xf32>, tensor<2x4x4x4xf32>)
func.func @conv2d_1x1_stride2(%dy: !torch.vtensor<[2,4,4,4],f32>, %x: !torch.vtensor<[2,3,7,7],f32>, %w: !torch.vtensor<[4,3,1,1],f32>) -> (!torch.vtensor<[2,3,7,7],f32>, !torch.vtensor<[4,3,1,1],f32>, !torch.vtensor<[4],f32>) {
  %bs0 = torch.constant.int 4
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 2
  %s1 = torch.constant.int 2
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 0
  %p1 = torch.constant.int 0
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[2,4,4,4],f32>, !torch.vtensor<[2,3,7,7],f32>, !torch.vtensor<[4,3,1,1],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,3,7,7],f32>, !torch.vtensor<[4,3,1,1],f32>, !torch.vtensor<[4],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,7,7],f32>, !torch.vtensor<[4,3,1,1],f32>, !torch.vtensor<[4],f32>
}

// -----

// A 1x3 kernel flips only the dim whose extent is not 1 (torch-mlir #4437).
// CHECK-DAG:   #[[FLIP:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, -d3 + 2)>
// CHECK-LABEL: func.func @conv2d_1x3(
// CHECK:         linalg.generic {indexing_maps = [#[[FLIP]],
func.func @conv2d_1x3(%dy: !torch.vtensor<[1,2,5,6],f32>, %x: !torch.vtensor<[1,2,5,6],f32>, %w: !torch.vtensor<[2,2,1,3],f32>) -> (!torch.vtensor<[1,2,5,6],f32>, !torch.vtensor<[2,2,1,3],f32>, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 1
  %s1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 0
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
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,5,6],f32>, !torch.vtensor<[1,2,5,6],f32>, !torch.vtensor<[2,2,1,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,6],f32>, !torch.vtensor<[2,2,1,3],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,6],f32>, !torch.vtensor<[2,2,1,3],f32>, !torch.vtensor<[2],f32>
}

// -----

// transposed = true (the backward of conv_transpose2d, rejected by
// torch-mlir), stride 2, padding 1, output_padding 1: dy is padded by p = 1
// below and max(0, p - output_padding) = 0 above, then dx is a plain strided
// conv of it (no flip, no scatter) and dw the strided-read generic with dy on
// the strided side. The weight is [C, F/G, K].
// CHECK-DAG:   #[[DYS:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>
// CHECK-DAG:   #[[W:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[DYW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 2 + d2, d6 * 2 + d3)>
// CHECK-DAG:   #[[X:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0, d5, d6)>
// CHECK-LABEL: func.func @tconv2d(
// CHECK-SAME:      %[[DYA:[^:]*]]: tensor<2x4x8x8xf32>, %[[XA:[^:]*]]: tensor<2x3x4x4xf32>, %[[WA:[^:]*]]: tensor<3x4x3x3xf32>)
// CHECK-NOT:     tensor.insert_slice
// CHECK:         %[[DYP:.*]] = tensor.pad %[[DYA]] low[0, 0, 1, 1] high[0, 0, 0, 0]
// CHECK:         } : tensor<2x4x8x8xf32> to tensor<2x4x9x9xf32>
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[DYS]], #[[W]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[DYP]], %[[WA]] : tensor<2x4x9x9xf32>, tensor<3x4x3x3xf32>) outs(%{{.*}} : tensor<2x3x4x4xf32>)
// CHECK:         %[[DW:.*]] = linalg.generic {indexing_maps = [#[[DYW]], #[[X]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[DYP]], %[[XA]] : tensor<2x4x9x9xf32>, tensor<2x3x4x4xf32>) outs(%{{.*}} : tensor<3x4x3x3xf32>)
// CHECK:         return %[[DX]], %[[DW]], %{{.*}} : tensor<2x3x4x4xf32>, tensor<3x4x3x3xf32>, tensor<4xf32>
func.func @tconv2d(%dy: !torch.vtensor<[2,4,8,8],f32>, %x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3,4,3,3],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3,4,3,3],f32>, !torch.vtensor<[4],f32>) {
  %bs0 = torch.constant.int 4
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[2,4,8,8],f32>, !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3,4,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3,4,3,3],f32>, !torch.vtensor<[4],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3,4,3,3],f32>, !torch.vtensor<[4],f32>
}

// -----

// transposed = true with groups = 2: the weight [C, F/G, K] becomes
// [G, C/G, F/G, K]; dw is collapsed back to [C, F/G, K].
// CHECK-LABEL: func.func @tconv2d_groups(
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2], [3], [4]] : tensor<1x6x9x9xf32> into tensor<1x2x3x9x9xf32>
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2], [3], [4]] : tensor<4x3x3x3xf32> into tensor<2x2x3x3x3xf32>
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2], [3], [4]] : tensor<1x2x2x4x4xf32> into tensor<1x4x4x4xf32>
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2], [3], [4]] : tensor<2x2x3x3x3xf32> into tensor<4x3x3x3xf32>
func.func @tconv2d_groups(%dy: !torch.vtensor<[1,6,9,9],f32>, %x: !torch.vtensor<[1,4,4,4],f32>, %w: !torch.vtensor<[4,3,3,3],f32>) -> (!torch.vtensor<[1,4,4,4],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[6],f32>) {
  %bs0 = torch.constant.int 6
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 2
  %s1 = torch.constant.int 2
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 0
  %p1 = torch.constant.int 0
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool true
  %g = torch.constant.int 2
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,6,9,9],f32>, !torch.vtensor<[1,4,4,4],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,4,4,4],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[6],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,4,4,4],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[6],f32>
}

// -----

// f16: the contractions extend both operands to f32 in the body, accumulate
// into an f32 zero fill, and truncate once at the end.
// CHECK-LABEL: func.func @conv2d_f16(
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3x7x7xf32>)
// CHECK:         %[[DX:.*]] = linalg.generic {{.*}} outs(%[[Z]] : tensor<2x3x7x7xf32>)
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f16, %[[B:.*]]: f16, %[[C:.*]]: f32):
// CHECK-NEXT:      %[[AE:.*]] = arith.extf %[[A]] : f16 to f32
// CHECK-NEXT:      %[[BE:.*]] = arith.extf %[[B]] : f16 to f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[AE]], %[[BE]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[C]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} ins(%[[DX]] : tensor<2x3x7x7xf32>) outs(%{{.*}} : tensor<2x3x7x7xf16>)
// CHECK-NEXT:    ^bb0(%[[I:.*]]: f32, %{{.*}}: f16):
// CHECK-NEXT:      %[[TR:.*]] = arith.truncf %[[I]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[TR]] : f16
// CHECK:         arith.truncf %{{.*}} : f32 to f16
// CHECK:         arith.extf %{{.*}} : f16 to f32
// CHECK:         arith.truncf %{{.*}} : f32 to f16
// CHECK:         return %[[T]], %{{.*}}, %{{.*}} : tensor<2x3x7x7xf16>, tensor<4x3x3x3xf16>, tensor<4xf16>
func.func @conv2d_f16(%dy: !torch.vtensor<[2,4,4,4],f16>, %x: !torch.vtensor<[2,3,7,7],f16>, %w: !torch.vtensor<[4,3,3,3],f16>) -> (!torch.vtensor<[2,3,7,7],f16>, !torch.vtensor<[4,3,3,3],f16>, !torch.vtensor<[4],f16>) {
  %bs0 = torch.constant.int 4
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[2,4,4,4],f16>, !torch.vtensor<[2,3,7,7],f16>, !torch.vtensor<[4,3,3,3],f16>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,3,7,7],f16>, !torch.vtensor<[4,3,3,3],f16>, !torch.vtensor<[4],f16>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,7,7],f16>, !torch.vtensor<[4,3,3,3],f16>, !torch.vtensor<[4],f16>
}

// -----

// bf16 with groups: the truncation runs on the grouped f32 accumulator,
// before the group collapse (torch-mlir #4408).
// CHECK-LABEL: func.func @conv2d_bf16_groups(
// CHECK:         %[[DX:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x2x6x6xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} ins(%[[DX]] : tensor<1x2x2x6x6xf32>) outs(%{{.*}} : tensor<1x2x2x6x6xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         tensor.collapse_shape %[[T]] {{\[}}[0], [1, 2], [3], [4]] : tensor<1x2x2x6x6xbf16> into tensor<1x4x6x6xbf16>
func.func @conv2d_bf16_groups(%dy: !torch.vtensor<[1,4,6,6],bf16>, %x: !torch.vtensor<[1,4,6,6],bf16>, %w: !torch.vtensor<[4,2,3,3],bf16>) -> (!torch.vtensor<[1,4,6,6],bf16>, !torch.vtensor<[4,2,3,3],bf16>, !torch.vtensor<[4],bf16>) {
  %bs0 = torch.constant.int 4
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %g = torch.constant.int 2
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,4,6,6],bf16>, !torch.vtensor<[1,4,6,6],bf16>, !torch.vtensor<[4,2,3,3],bf16>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,4,6,6],bf16>, !torch.vtensor<[4,2,3,3],bf16>, !torch.vtensor<[4],bf16>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,4,6,6],bf16>, !torch.vtensor<[4,2,3,3],bf16>, !torch.vtensor<[4],bf16>
}

// -----

// Dynamic batch: the batch size comes from tensor.dim of grad_output and
// sizes every tensor.empty, the scatter's insert_slice and the pads.
// CHECK-LABEL: func.func @conv2d_dynamic_batch(
// CHECK-SAME:      %[[DYA:[^:]*]]: tensor<?x3x4x4xf32>, %[[XA:[^:]*]]: tensor<?x2x7x7xf32>, %[[WA:[^:]*]]: tensor<3x2x3x3xf32>)
// CHECK-SAME:      -> (tensor<?x2x7x7xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[N:.*]] = tensor.dim %[[DYA]], %[[C0]] : tensor<?x3x4x4xf32>
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x3x9x9xf32>
// CHECK:         tensor.insert_slice %[[DYA]] into %{{.*}}[0, 0, 1, 1] [%[[N]], 3, 4, 4] [1, 1, 2, 2] : tensor<?x3x4x4xf32> into tensor<?x3x9x9xf32>
// CHECK:         tensor.empty(%[[N]]) : tensor<?x2x7x7xf32>
// CHECK:         tensor.pad %[[XA]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:         } : tensor<?x2x7x7xf32> to tensor<?x2x9x9xf32>
func.func @conv2d_dynamic_batch(%dy: !torch.vtensor<[?,3,4,4],f32>, %x: !torch.vtensor<[?,2,7,7],f32>, %w: !torch.vtensor<[3,2,3,3],f32>) -> (!torch.vtensor<[?,2,7,7],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>) {
  %bs0 = torch.constant.int 3
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[?,3,4,4],f32>, !torch.vtensor<[?,2,7,7],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[?,2,7,7],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[?,2,7,7],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>
}

// -----

// output_mask = [true, true, false] (the common training form; bias_sizes is None): masked results
// are not computed; returned ones become torch.constant.none, the only torch
// op left (the !torch.none result type stays at the boundary).
// CHECK-LABEL: func.func @mask_TTF(
// CHECK-SAME:      -> (tensor<1x2x5x5xf32>, tensor<2x2x3x3xf32>, !torch.none)
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         %[[NONE:.*]] = torch.constant.none
// CHECK-NEXT:    return %{{.*}}, %{{.*}}, %[[NONE]] : tensor<1x2x5x5xf32>, tensor<2x2x3x3xf32>, !torch.none
func.func @mask_TTF(%dy: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.none) {
  %bs = torch.constant.none
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
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool false
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.none
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.none
}

// -----

// output_mask = [true, false, true]: masked results
// are not computed; returned ones become torch.constant.none, the only torch
// op left (the !torch.none result type stays at the boundary).
// CHECK-LABEL: func.func @mask_TFT(
// CHECK-SAME:      -> (tensor<1x2x5x5xf32>, !torch.none, tensor<2xf32>)
// CHECK:         tensor.insert_slice
// CHECK-NOT:     tensor.pad
// CHECK:         iterator_types = ["reduction", "parallel", "reduction", "reduction"]
// CHECK:         %[[NONE:.*]] = torch.constant.none
// CHECK-NEXT:    return %{{.*}}, %[[NONE]], %{{.*}} : tensor<1x2x5x5xf32>, !torch.none, tensor<2xf32>
func.func @mask_TFT(%dy: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,5,5],f32>, !torch.none, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool false
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5],f32>, !torch.none, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5],f32>, !torch.none, !torch.vtensor<[2],f32>
}

// -----

// output_mask = [true, false, false]: masked results
// are not computed; returned ones become torch.constant.none, the only torch
// op left (the !torch.none result type stays at the boundary).
// CHECK-LABEL: func.func @mask_TFF(
// CHECK-SAME:      -> (tensor<1x2x5x5xf32>, !torch.none, !torch.none)
// CHECK:         tensor.insert_slice
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         return %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x2x5x5xf32>, !torch.none, !torch.none
func.func @mask_TFF(%dy: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,5,5],f32>, !torch.none, !torch.none) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool false
  %m2 = torch.constant.bool false
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5],f32>, !torch.none, !torch.none
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5],f32>, !torch.none, !torch.none
}

// -----

// output_mask = [false, true, true] (the first layer of a network): masked results
// are not computed; returned ones become torch.constant.none, the only torch
// op left (the !torch.none result type stays at the boundary).
// CHECK-LABEL: func.func @mask_FTT(
// CHECK-SAME:      -> (!torch.none, tensor<2x2x3x3xf32>, tensor<2xf32>)
// CHECK-NOT:     tensor.insert_slice
// CHECK:         tensor.pad
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         %[[NONE:.*]] = torch.constant.none
// CHECK-NEXT:    return %[[NONE]], %{{.*}}, %{{.*}} : !torch.none, tensor<2x2x3x3xf32>, tensor<2xf32>
func.func @mask_FTT(%dy: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.none, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool false
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.none, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.none, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
}

// -----

// output_mask = [false, true, false]: masked results
// are not computed; returned ones become torch.constant.none, the only torch
// op left (the !torch.none result type stays at the boundary).
// CHECK-LABEL: func.func @mask_FTF(
// CHECK-SAME:      -> (!torch.none, tensor<2x2x3x3xf32>, !torch.none)
// CHECK-NOT:     tensor.insert_slice
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         return %{{.*}}, %{{.*}}, %{{.*}} : !torch.none, tensor<2x2x3x3xf32>, !torch.none
func.func @mask_FTF(%dy: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.none, !torch.vtensor<[2,2,3,3],f32>, !torch.none) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool false
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool false
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.none, !torch.vtensor<[2,2,3,3],f32>, !torch.none
  return %r#0, %r#1, %r#2 : !torch.none, !torch.vtensor<[2,2,3,3],f32>, !torch.none
}

// -----

// output_mask = [false, false, true]: masked results
// are not computed; returned ones become torch.constant.none, the only torch
// op left (the !torch.none result type stays at the boundary).
// CHECK-LABEL: func.func @mask_FFT(
// CHECK-SAME:      -> (!torch.none, !torch.none, tensor<2xf32>)
// CHECK-NOT:     tensor.pad
// CHECK-NOT:     tensor.insert_slice
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         return %{{.*}}, %{{.*}}, %{{.*}} : !torch.none, !torch.none, tensor<2xf32>
func.func @mask_FFT(%dy: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.none, !torch.none, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool false
  %m1 = torch.constant.bool false
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.none, !torch.none, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.none, !torch.none, !torch.vtensor<[2],f32>
}

// -----

// output_mask = [false, false, false]: masked results
// are not computed; returned ones become torch.constant.none, the only torch
// op left (the !torch.none result type stays at the boundary).
// CHECK-LABEL: func.func @mask_FFF(
// CHECK-SAME:      -> (!torch.none, !torch.none, !torch.none)
// CHECK-NOT:     linalg
// CHECK-NOT:     torch.aten
// CHECK:         return %{{.*}}, %{{.*}}, %{{.*}} : !torch.none, !torch.none, !torch.none
func.func @mask_FFF(%dy: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.none, !torch.none, !torch.none) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
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
  %m0 = torch.constant.bool false
  %m1 = torch.constant.bool false
  %m2 = torch.constant.bool false
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.none, !torch.none, !torch.none
  return %r#0, %r#1, %r#2 : !torch.none, !torch.none, !torch.none
}
