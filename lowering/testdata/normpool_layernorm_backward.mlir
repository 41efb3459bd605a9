// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// native_layer_norm_backward over the last dim (n = 4), ATen's CPU
// formula: per row ds = Σ dy·x·w and db = Σ dy·w; b = (db·mean − ds)·a³/n
// and c = −b·mean − db·a/n with a = rstd; grad_input = a·dy·w + b·x + c;
// grad_weight = Σ_rows dy·(a·x + (−a·mean)); grad_bias = Σ_rows dy.
// CHECK-DAG:   #[[FULL:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
// CHECK-DAG:   #[[COL:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @layer_norm_backward(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x3x4xf32>, %[[X:[^:]*]]: tensor<2x3x4xf32>, %[[M:[^:]*]]: tensor<2x3x1xf32>, %[[R:[^:]*]]: tensor<2x3x1xf32>, %[[W:[^:]*]]: tensor<4xf32>, %[[B:[^:]*]]: tensor<4xf32>)
// CHECK:         %[[DS:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[FULL]], #[[COL]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[DY]], %[[X]], %[[W]] :
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %[[XI:.*]]: f32, %[[WI:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[G]], %[[XI]] : f32
// CHECK-NEXT:      %[[PW:.*]] = arith.mulf %[[P]], %[[WI]] : f32
// CHECK-NEXT:      arith.addf %[[ACC]], %[[PW]] : f32
// CHECK:         %[[DB:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[COL]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[DY]], %[[W]] :
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[FULL]], #[[ROW]], #[[ROW]], #[[ROW]], #[[ROW]], #[[COL]], #[[FULL]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[DY]], %[[X]], %[[M]], %[[R]], %[[DS]], %[[DB]], %[[W]] :
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %[[XI:.*]]: f32, %[[MI:.*]]: f32, %[[RI:.*]]: f32, %[[SI:.*]]: f32, %[[BI:.*]]: f32, %[[WI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT:      %[[B1:.*]] = arith.mulf %[[BI]], %[[MI]] : f32
// CHECK-NEXT:      %[[B2:.*]] = arith.subf %[[B1]], %[[SI]] : f32
// CHECK-NEXT:      %[[B3:.*]] = arith.mulf %[[B2]], %[[RI]] : f32
// CHECK-NEXT:      %[[B4:.*]] = arith.mulf %[[B3]], %[[RI]] : f32
// CHECK-NEXT:      %[[B5:.*]] = arith.mulf %[[B4]], %[[RI]] : f32
// CHECK-NEXT:      %[[BB:.*]] = arith.mulf %[[B5]], %[[S]] : f32
// CHECK-NEXT:      %[[NB:.*]] = arith.negf %[[BB]] : f32
// CHECK-NEXT:      %[[C1:.*]] = arith.mulf %[[NB]], %[[MI]] : f32
// CHECK-NEXT:      %[[C2:.*]] = arith.mulf %[[BI]], %[[RI]] : f32
// CHECK-NEXT:      %[[C3:.*]] = arith.mulf %[[C2]], %[[S]] : f32
// CHECK-NEXT:      %[[C:.*]] = arith.subf %[[C1]], %[[C3]] : f32
// CHECK-NEXT:      %[[T1:.*]] = arith.mulf %[[RI]], %[[G]] : f32
// CHECK-NEXT:      %[[T2:.*]] = arith.mulf %[[T1]], %[[WI]] : f32
// CHECK-NEXT:      %[[T3:.*]] = arith.mulf %[[BB]], %[[XI]] : f32
// CHECK-NEXT:      %[[T4:.*]] = arith.addf %[[T2]], %[[T3]] : f32
// CHECK-NEXT:      %[[T5:.*]] = arith.addf %[[T4]], %[[C]] : f32
// CHECK-NEXT:      linalg.yield %[[T5]] : f32
// CHECK:         %[[DW:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[FULL]], #[[ROW]], #[[ROW]], #[[COL]]], iterator_types = ["reduction", "reduction", "parallel"]} ins(%[[DY]], %[[X]], %[[M]], %[[R]] :
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %[[XI:.*]]: f32, %[[MI:.*]]: f32, %[[RI:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[NR:.*]] = arith.negf %[[RI]] : f32
// CHECK-NEXT:      %[[SH:.*]] = arith.mulf %[[NR]], %[[MI]] : f32
// CHECK-NEXT:      %[[AX:.*]] = arith.mulf %[[RI]], %[[XI]] : f32
// CHECK-NEXT:      %[[XH:.*]] = arith.addf %[[AX]], %[[SH]] : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[G]], %[[XH]] : f32
// CHECK-NEXT:      arith.addf %[[ACC]], %[[P]] : f32
// CHECK:         %[[DBETA:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[COL]]], iterator_types = ["reduction", "reduction", "parallel"]} ins(%[[DY]] :
// CHECK:         return %[[DX]], %[[DW]], %[[DBETA]] :
func.func @layer_norm_backward(%dy: !torch.vtensor<[2,3,4],f32>, %x: !torch.vtensor<[2,3,4],f32>, %mean: !torch.vtensor<[2,3,1],f32>, %rstd: !torch.vtensor<[2,3,1],f32>, %w: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.native_layer_norm_backward %dy, %x, %l, %mean, %rstd, %w, %b, %mask : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.list<bool> -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// Two normalized dims, no weight, grad_weight and grad_bias masked out
// (None results): grad_input alone, its row sums reducing both
// normalized dims; mean and rstd given as the leading dims only ([2]).
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, 0, 0)>
// CHECK-DAG:   #[[LEAD:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func @layer_norm_backward_2d(
// CHECK:         %[[DS:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]} {{.*}} outs(%{{.*}} : tensor<2x1x1xf32>)
// CHECK:         %[[DB:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]} {{.*}} outs(%{{.*}} : tensor<2x1x1xf32>)
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[LEAD]], #[[LEAD]], #[[ROW]], #[[ROW]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[DX]], %{{.*}}, %{{.*}} : tensor<2x3x4xf32>, !torch.none, !torch.none
func.func @layer_norm_backward_2d(%dy: !torch.vtensor<[2,3,4],f32>, %x: !torch.vtensor<[2,3,4],f32>, %mean: !torch.vtensor<[2],f32>, %rstd: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.none, !torch.none) {
  %none = torch.constant.none
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int3, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %mask = torch.prim.ListConstruct %true, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.native_layer_norm_backward %dy, %x, %l, %mean, %rstd, %none, %none, %mask : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.none, !torch.none, !torch.list<bool> -> !torch.vtensor<[2,3,4],f32>, !torch.none, !torch.none
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,3,4],f32>, !torch.none, !torch.none
}

// -----

// bf16: every input is extended to f32 in the bodies and each result is
// rounded once (grad_input in its body, grad_weight and grad_bias after
// their f32 sums).
// CHECK-LABEL: func.func @layer_norm_backward_bf16(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x8xbf16>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:           %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
// CHECK:         %[[GW:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} {{.*}} outs(%{{.*}} : tensor<8xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[GW]] : tensor<8xf32>) outs(%{{.*}} : tensor<8xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         %[[GB:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} {{.*}} outs(%{{.*}} : tensor<8xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[GB]] : tensor<8xf32>) outs(%{{.*}} : tensor<8xbf16>)
// CHECK:         return {{.*}} : tensor<2x8xbf16>, tensor<8xbf16>, tensor<8xbf16>
func.func @layer_norm_backward_bf16(%dy: !torch.vtensor<[2,8],bf16>, %x: !torch.vtensor<[2,8],bf16>, %mean: !torch.vtensor<[2,1],bf16>, %rstd: !torch.vtensor<[2,1],bf16>, %w: !torch.vtensor<[8],bf16>, %b: !torch.vtensor<[8],bf16>) -> (!torch.vtensor<[2,8],bf16>, !torch.vtensor<[8],bf16>, !torch.vtensor<[8],bf16>) {
  %int8 = torch.constant.int 8
  %l = torch.prim.ListConstruct %int8 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.native_layer_norm_backward %dy, %x, %l, %mean, %rstd, %w, %b, %mask : !torch.vtensor<[2,8],bf16>, !torch.vtensor<[2,8],bf16>, !torch.list<int>, !torch.vtensor<[2,1],bf16>, !torch.vtensor<[2,1],bf16>, !torch.vtensor<[8],bf16>, !torch.vtensor<[8],bf16>, !torch.list<bool> -> !torch.vtensor<[2,8],bf16>, !torch.vtensor<[8],bf16>, !torch.vtensor<[8],bf16>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,8],bf16>, !torch.vtensor<[8],bf16>, !torch.vtensor<[8],bf16>
}
