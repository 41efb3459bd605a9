// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// native_group_norm with weight and bias: the input [2, 6, 3, 2] is viewed
// as [N, G, D, H, W] = [2, 3, 2, 3, 2] and the weight and bias as [G, D];
// Σx and Σ(x − mean)² reduce D, H and W into [N, G] statistics, n = 12
// (f32 data summed in f64, rounded once);
// rstd = 1/√(max(var, 0) + eps); out = scale·x + (−scale·mean + b) with
// scale = rstd·w, collapsed back to [2, 6, 3, 2].
// CHECK-DAG:   #[[FULL:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG:   #[[STAT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>
// CHECK-DAG:   #[[CHAN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2)>
// CHECK-LABEL: func.func @group_norm(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x6x3x2xf32>, %[[W:[^:]*]]: tensor<6xf32>, %[[B:[^:]*]]: tensor<6xf32>)
// CHECK:         %[[XG:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2], [3], [4]] : tensor<2x6x3x2xf32> into tensor<2x3x2x3x2xf32>
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[STAT]]], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[XG]] : tensor<2x3x2x3x2xf32>) outs(%{{.*}} : tensor<2x3xf64>)
// CHECK:         %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x3xf64>)
// CHECK:           arith.constant 1.200000e+01 : f64
// CHECK:           arith.divf
// CHECK:           arith.truncf %{{.*}} : f64 to f32
// CHECK:         %[[SQ64:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[STAT]], #[[STAT]]], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[XG]], %[[MEAN]] :
// CHECK:         %[[SQ:.*]] = linalg.generic {{.*}} ins(%[[SQ64]] : tensor<2x3xf64>)
// CHECK:         %[[RSTD:.*]] = linalg.generic {{.*}} ins(%[[SQ]] : tensor<2x3xf32>)
// CHECK:           arith.maxf
// CHECK:           math.sqrt
// CHECK:         %[[WG:.*]] = tensor.expand_shape %[[W]] {{\[}}[0, 1]] : tensor<6xf32> into tensor<3x2xf32>
// CHECK:         %[[BG:.*]] = tensor.expand_shape %[[B]] {{\[}}[0, 1]] : tensor<6xf32> into tensor<3x2xf32>
// CHECK:         %[[Y:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[STAT]], #[[STAT]], #[[CHAN]], #[[CHAN]], #[[FULL]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[XG]], %[[MEAN]], %[[RSTD]], %[[WG]], %[[BG]] :
// CHECK-NEXT:    ^bb0(%[[XI:.*]]: f32, %[[MI:.*]]: f32, %[[RI:.*]]: f32, %[[WI:.*]]: f32, %[[BI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[SC:.*]] = arith.mulf %[[RI]], %[[WI]] : f32
// CHECK-NEXT:      %[[NS:.*]] = arith.negf %[[SC]] : f32
// CHECK-NEXT:      %[[NM:.*]] = arith.mulf %[[NS]], %[[MI]] : f32
// CHECK-NEXT:      %[[SH:.*]] = arith.addf %[[NM]], %[[BI]] : f32
// CHECK-NEXT:      %[[SX:.*]] = arith.mulf %[[SC]], %[[XI]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.addf %[[SX]], %[[SH]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         %[[OUT:.*]] = tensor.collapse_shape %[[Y]] {{\[}}[0], [1, 2], [3], [4]] : tensor<2x3x2x3x2xf32> into tensor<2x6x3x2xf32>
// CHECK:         return %[[OUT]], %[[MEAN]], %[[RSTD]]
func.func @group_norm(%x: !torch.vtensor<[2,6,3,2],f32>, %w: !torch.vtensor<[6],f32>, %b: !torch.vtensor<[6],f32>) -> (!torch.vtensor<[2,6,3,2],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %n = torch.constant.int 2
  %c = torch.constant.int 6
  %hxw = torch.constant.int 6
  %g = torch.constant.int 3
  %eps = torch.constant.float 1.000000e-05
  %0:3 = torch.aten.native_group_norm %x, %w, %b, %n, %c, %hxw, %g, %eps : !torch.vtensor<[2,6,3,2],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,6,3,2],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,6,3,2],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}

// -----

// Without weight and bias the kernel's other branch: (x − mean)·rstd. A
// bf16 input is extended to f32 in every body, the statistics stay f32
// inside the lowering, and each result is rounded once to bf16 (the dtype
// torch 1.13 gives mean and rstd of a bf16 input). group = 1 still splits
// C into [1, C].
// CHECK-LABEL: func.func @group_norm_noaffine_bf16(
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2], [3]] : tensor<2x4x5xbf16> into tensor<2x1x4x5xbf16>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x1xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         %[[Y:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x1x4x5xbf16>)
// CHECK-NEXT:    ^bb0(%[[XI:.*]]: bf16, %[[MI:.*]]: f32, %[[RI:.*]]: f32, %{{.*}}: bf16):
// CHECK-NEXT:      %[[XE:.*]] = arith.extf %[[XI]] : bf16 to f32
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[XE]], %[[MI]] : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[D]], %[[RI]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[P]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
// CHECK:         tensor.collapse_shape %[[Y]] {{\[}}[0], [1, 2], [3]] : tensor<2x1x4x5xbf16> into tensor<2x4x5xbf16>
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return {{.*}} : tensor<2x4x5xbf16>, tensor<2x1xbf16>, tensor<2x1xbf16>
func.func @group_norm_noaffine_bf16(%x: !torch.vtensor<[2,4,5],bf16>) -> (!torch.vtensor<[2,4,5],bf16>, !torch.vtensor<[2,1],bf16>, !torch.vtensor<[2,1],bf16>) {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 4
  %hxw = torch.constant.int 5
  %g = torch.constant.int 1
  %eps = torch.constant.float 1.000000e-05
  %0:3 = torch.aten.native_group_norm %x, %none, %none, %n, %c, %hxw, %g, %eps : !torch.vtensor<[2,4,5],bf16>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,4,5],bf16>, !torch.vtensor<[2,1],bf16>, !torch.vtensor<[2,1],bf16>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,4,5],bf16>, !torch.vtensor<[2,1],bf16>, !torch.vtensor<[2,1],bf16>
}

// -----

// native_group_norm_backward with grad_weight masked out (a None result):
// per channel ds = Σ dy·x and db = Σ dy over the spatial dim (f32 terms
// summed in f64, rounded once to f32); per group
// Σ ds·w and Σ db·w; then grad_input = rstd·w·dy + c2·x + c3 with
// c2 = (dbg·mean − dsg)·rstd³/n and c3 = −c2·mean − dbg·rstd/n (n = 6);
// grad_bias = Σ_N db, collapsed from [G, D] to [C].
// CHECK-DAG:   #[[FULL:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[PERC:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG:   #[[STAT:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-DAG:   #[[CHAN:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// CHECK-LABEL: func.func @group_norm_backward(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x4x3xf32>, %[[X:[^:]*]]: tensor<2x4x3xf32>, %[[M:[^:]*]]: tensor<2x2xf32>, %[[R:[^:]*]]: tensor<2x2xf32>, %[[W:[^:]*]]: tensor<4xf32>)
// CHECK-SAME:      -> (tensor<2x4x3xf32>, !torch.none, tensor<4xf32>)
// CHECK:         %[[DYG:.*]] = tensor.expand_shape %[[DY]] {{\[}}[0], [1, 2], [3]] : tensor<2x4x3xf32> into tensor<2x2x2x3xf32>
// CHECK:         %[[XG:.*]] = tensor.expand_shape %[[X]]
// CHECK:         %[[DS64:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[FULL]], #[[PERC]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[DYG]], %[[XG]] :
// CHECK-NEXT:    ^bb0(%[[P:.*]]: f32, %[[Q:.*]]: f32, %[[O:.*]]: f64):
// CHECK-NEXT:      %[[PQ:.*]] = arith.mulf %[[P]], %[[Q]] : f32
// CHECK-NEXT:      %[[PQW:.*]] = arith.extf %[[PQ]] : f32 to f64
// CHECK-NEXT:      arith.addf %[[O]], %[[PQW]] : f64
// CHECK:         %[[DS:.*]] = linalg.generic {{.*}} ins(%[[DS64]] : tensor<2x2x2xf64>) outs(%{{.*}} : tensor<2x2x2xf32>)
// CHECK:         %[[DB64:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[PERC]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[DYG]] :
// CHECK:         %[[DB:.*]] = linalg.generic {{.*}} ins(%[[DB64]] : tensor<2x2x2xf64>) outs(%{{.*}} : tensor<2x2x2xf32>)
// CHECK:         %[[WG:.*]] = tensor.expand_shape %[[W]] {{\[}}[0, 1]] : tensor<4xf32> into tensor<2x2xf32>
// CHECK:         %[[DSG:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[DS]], %[[WG]] :
// CHECK:         %[[DBG:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[DB]], %[[WG]] :
// CHECK:         %[[GI:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[FULL]], #[[STAT]], #[[STAT]], #[[STAT]], #[[STAT]], #[[CHAN]], #[[FULL]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[DYG]], %[[XG]], %[[M]], %[[R]], %[[DSG]], %[[DBG]], %[[WG]] :
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %[[XI:.*]]: f32, %[[MI:.*]]: f32, %[[RI:.*]]: f32, %[[SI:.*]]: f32, %[[BI:.*]]: f32, %[[WI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.constant 0.166666672 : f32
// CHECK-NEXT:      %[[A:.*]] = arith.mulf %[[BI]], %[[MI]] : f32
// CHECK-NEXT:      %[[C2A:.*]] = arith.subf %[[A]], %[[SI]] : f32
// CHECK-NEXT:      %[[C2B:.*]] = arith.mulf %[[C2A]], %[[RI]] : f32
// CHECK-NEXT:      %[[C2C:.*]] = arith.mulf %[[C2B]], %[[RI]] : f32
// CHECK-NEXT:      %[[C2D:.*]] = arith.mulf %[[C2C]], %[[RI]] : f32
// CHECK-NEXT:      %[[C2:.*]] = arith.mulf %[[C2D]], %[[S]] : f32
// CHECK-NEXT:      %[[NC2:.*]] = arith.negf %[[C2]] : f32
// CHECK-NEXT:      %[[C3A:.*]] = arith.mulf %[[NC2]], %[[MI]] : f32
// CHECK-NEXT:      %[[C3B:.*]] = arith.mulf %[[BI]], %[[RI]] : f32
// CHECK-NEXT:      %[[C3C:.*]] = arith.mulf %[[C3B]], %[[S]] : f32
// CHECK-NEXT:      %[[C3:.*]] = arith.subf %[[C3A]], %[[C3C]] : f32
// CHECK-NEXT:      %[[C1:.*]] = arith.mulf %[[RI]], %[[WI]] : f32
// CHECK-NEXT:      %[[T1:.*]] = arith.mulf %[[C1]], %[[G]] : f32
// CHECK-NEXT:      %[[T2:.*]] = arith.mulf %[[C2]], %[[XI]] : f32
// CHECK-NEXT:      %[[T3:.*]] = arith.addf %[[T1]], %[[T2]] : f32
// CHECK-NEXT:      %[[T4:.*]] = arith.addf %[[T3]], %[[C3]] : f32
// CHECK-NEXT:      linalg.yield %[[T4]] : f32
// CHECK:         %[[DX:.*]] = tensor.collapse_shape %[[GI]] {{\[}}[0], [1, 2], [3]] : tensor<2x2x2x3xf32> into tensor<2x4x3xf32>
// CHECK:         %[[GB:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "parallel"]} ins(%[[DB]] : tensor<2x2x2xf32>) outs(%{{.*}} : tensor<2x2xf32>)
// CHECK:         %[[DBETA:.*]] = tensor.collapse_shape %[[GB]] {{\[}}[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
// CHECK:         %[[NONE:.*]] = torch.constant.none
// CHECK:         return %[[DX]], %[[NONE]], %[[DBETA]] : tensor<2x4x3xf32>, !torch.none, tensor<4xf32>
func.func @group_norm_backward(%dy: !torch.vtensor<[2,4,3],f32>, %x: !torch.vtensor<[2,4,3],f32>, %mean: !torch.vtensor<[2,2],f32>, %rstd: !torch.vtensor<[2,2],f32>, %w: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,4,3],f32>, !torch.none, !torch.vtensor<[4],f32>) {
  %n = torch.constant.int 2
  %c = torch.constant.int 4
  %hxw = torch.constant.int 3
  %g = torch.constant.int 2
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %mask = torch.prim.ListConstruct %true, %false, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.native_group_norm_backward %dy, %x, %mean, %rstd, %w, %n, %c, %hxw, %g, %mask : !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[4],f32>, !torch.int, !torch.int, !torch.int, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,4,3],f32>, !torch.none, !torch.vtensor<[4],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,4,3],f32>, !torch.none, !torch.vtensor<[4],f32>
}

// -----

// grad_weight only, from a bf16 input with bf16 statistics: ds and db
// (no per-group sums, no grad_input), then Σ_N (ds − db·mean)·rstd in f32,
// rounded once to bf16 before the [G, D] → [C] collapse.
// CHECK-LABEL: func.func @group_norm_backward_weight_bf16(
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-NOT:     iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:         %[[GW:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "parallel"]} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3xbf16>, tensor<2x3xbf16>) outs(%{{.*}} : tensor<3x2xf32>)
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} ins(%[[GW]] : tensor<3x2xf32>) outs(%{{.*}} : tensor<3x2xbf16>)
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1]] : tensor<3x2xbf16> into tensor<6xbf16>
// CHECK:         return %[[C]] : tensor<6xbf16>
func.func @group_norm_backward_weight_bf16(%dy: !torch.vtensor<[2,6,4],bf16>, %x: !torch.vtensor<[2,6,4],bf16>, %mean: !torch.vtensor<[2,3],bf16>, %rstd: !torch.vtensor<[2,3],bf16>, %w: !torch.vtensor<[6],bf16>) -> !torch.vtensor<[6],bf16> {
  %n = torch.constant.int 2
  %c = torch.constant.int 6
  %hxw = torch.constant.int 4
  %g = torch.constant.int 3
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %mask = torch.prim.ListConstruct %false, %true, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.native_group_norm_backward %dy, %x, %mean, %rstd, %w, %n, %c, %hxw, %g, %mask : !torch.vtensor<[2,6,4],bf16>, !torch.vtensor<[2,6,4],bf16>, !torch.vtensor<[2,3],bf16>, !torch.vtensor<[2,3],bf16>, !torch.vtensor<[6],bf16>, !torch.int, !torch.int, !torch.int, !torch.int, !torch.list<bool> -> !torch.none, !torch.vtensor<[6],bf16>, !torch.none
  return %0#1 : !torch.vtensor<[6],bf16>
}

// -----

// Every result masked out: nothing is computed.
// CHECK-LABEL: func.func @group_norm_backward_nothing(
// CHECK-NOT:     {{linalg|tensor}}.
// CHECK:         return %{{.*}}, %{{.*}}, %{{.*}} : !torch.none, !torch.none, !torch.none
func.func @group_norm_backward_nothing(%dy: !torch.vtensor<[2,4],f32>, %x: !torch.vtensor<[2,4],f32>, %mean: !torch.vtensor<[2,2],f32>, %rstd: !torch.vtensor<[2,2],f32>) -> (!torch.none, !torch.none, !torch.none) {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 4
  %hxw = torch.constant.int 1
  %g = torch.constant.int 2
  %false = torch.constant.bool false
  %mask = torch.prim.ListConstruct %false, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.native_group_norm_backward %dy, %x, %mean, %rstd, %none, %n, %c, %hxw, %g, %mask : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.list<bool> -> !torch.none, !torch.none, !torch.none
  return %0#0, %0#1, %0#2 : !torch.none, !torch.none, !torch.none
}
