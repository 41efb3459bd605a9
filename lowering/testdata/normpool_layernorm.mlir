// RUN: torchlower opt %s -p convert-torch-to-linalg | FileCheck %s

// native_layer_norm over the last dim: Σx and Σ(x − mean)² reduce the
// normalized dim into [2, 3, 1] statistics, the f32 terms summed in f64
// and each statistic rounded to f32 once; rstd = 1/√(max(var, 0) + eps);
// out = (x·rstd − rstd·mean)·w + b with w and b read along the
// normalized dim.
// CHECK-DAG:   #[[FULL:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[STAT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @layer_norm(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3x4xf32>, %[[W:[^:]*]]: tensor<4xf32>, %[[B:[^:]*]]: tensor<4xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[STAT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3x4xf32>)
// CHECK-NEXT:    ^bb0(%[[XS:.*]]: f32, %[[OS:.*]]: f64):
// CHECK-NEXT:      %[[XW:.*]] = arith.extf %[[XS]] : f32 to f64
// CHECK-NEXT:      arith.addf %[[OS]], %[[XW]] : f64
// CHECK:         %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x3x1xf64>)
// CHECK:           arith.divf {{.*}} : f64
// CHECK:           arith.truncf {{.*}} : f64 to f32
// CHECK:         %[[SQ:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[STAT]], #[[STAT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[MEAN]] : tensor<2x3x4xf32>, tensor<2x3x1xf32>)
// CHECK-NEXT:    ^bb0(%[[XQ:.*]]: f32, %[[MQ:.*]]: f32, %[[OQ:.*]]: f64):
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[XQ]], %[[MQ]] : f32
// CHECK-NEXT:      %[[D2:.*]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK-NEXT:      %[[D2W:.*]] = arith.extf %[[D2]] : f32 to f64
// CHECK-NEXT:      arith.addf %[[OQ]], %[[D2W]] : f64
// CHECK:         %[[RSTD:.*]] = linalg.generic {{.*}} ins(%[[SQ]] : tensor<2x3x1xf64>)
// CHECK:           arith.truncf {{.*}} : f64 to f32
// CHECK:           arith.maxf
// CHECK:           math.sqrt
// CHECK:         %[[OUT:.*]] = linalg.generic {indexing_maps = [#[[FULL]], #[[STAT]], #[[STAT]], #[[ROW]], #[[ROW]], #[[FULL]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[MEAN]], %[[RSTD]], %[[W]], %[[B]] :
// CHECK:         return %[[OUT]], %[[MEAN]], %[[RSTD]]
func.func @layer_norm(%x: !torch.vtensor<[2,3,4],f32>, %w: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>) {
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %eps = torch.constant.float 1.000000e-05
  %0:3 = torch.aten.native_layer_norm %x, %l, %w, %b, %eps : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>
}
