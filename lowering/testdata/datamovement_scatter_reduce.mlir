// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// index_add along dim 0 with alpha 2: source is scaled first, then the
// scatter generic sums it in, one reduction loop over the index
// positions (repeated indices accumulate in index order).
// CHECK-DAG:   #[[IDX:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG:   #[[SRC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @index_add(
// CHECK-SAME:      %[[SELF:[^:]*]]: tensor<5x3xf32>, %[[I:[^:]*]]: tensor<4xi64>, %[[U:[^:]*]]: tensor<4x3xf32>)
// CHECK:         %[[A:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[SCALED:.*]] = linalg.generic {{.*}} ins(%[[U]] : tensor<4x3xf32>)
// CHECK:           arith.mulf %{{.*}}, %[[A]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[IDX]], #[[SRC]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[I]], %[[SCALED]] : tensor<4xi64>, tensor<4x3xf32>) outs(%[[SELF]] : tensor<5x3xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i64, %[[V:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.index_cast %[[X]] : i64 to index
// CHECK-NEXT:      %[[D:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpi eq, %[[P]], %[[D]] : index
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[EQ]], %[[S]], %[[ACC]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @index_add(%s: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[4],si64>, %u: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %0 = torch.aten.index_add %s, %int0, %i, %u, %int2 : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[4],si64>, !torch.vtensor<[4,3],f32>, !torch.int -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}

// -----

// alpha = 1 adds the source as it is.
// CHECK-LABEL: func.func @index_add_int(
// CHECK-NOT:     arith.muli
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:           linalg.index 1 : index
// CHECK:           arith.addi
func.func @index_add_int(%s: !torch.vtensor<[2,4],si64>, %i: !torch.vtensor<[3],si64>, %u: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2,4],si64> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.index_add %s, %int1, %i, %u, %int1 : !torch.vtensor<[2,4],si64>, !torch.int, !torch.vtensor<[3],si64>, !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor<[2,4],si64>
  return %0 : !torch.vtensor<[2,4],si64>
}

// -----

// scatter_reduce sum with include_self: the scatter_add generic.
// CHECK-LABEL: func.func @scatter_reduce_sum(
// CHECK-SAME:      %[[SELF:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x4xi64>, %[[U:[^:]*]]: tensor<2x4xf32>)
// CHECK-NEXT:    %[[R:.*]] = linalg.generic {{.*}} ins(%[[I]], %[[U]] : tensor<2x4xi64>, tensor<2x4xf32>) outs(%[[SELF]] : tensor<3x4xf32>)
// CHECK:           %[[S:.*]] = arith.addf %[[ACC:.*]], %{{.*}} : f32
// CHECK-NEXT:      arith.select %{{.*}}, %[[S]], %[[ACC]] : f32
// CHECK:         return %[[R]]
func.func @scatter_reduce_sum(%s: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si64>, %u: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "sum"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %s, %int0, %i, %u, %str, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// amax without self: the named elements are first set to -inf, then
// combined with a NaN-propagating max.
// CHECK-LABEL: func.func @scatter_reduce_amax(
// CHECK-SAME:      %[[SELF:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<2x4xi64>, %[[U:[^:]*]]: tensor<2x4xf32>)
// CHECK:         %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<2x4xi64>) outs(%[[SELF]] : tensor<3x4xf32>)
// CHECK:           arith.select %{{.*}}, %[[NINF]], %{{.*}} : f32
// CHECK:         linalg.generic {{.*}} ins(%[[I]], %[[U]] : tensor<2x4xi64>, tensor<2x4xf32>) outs(%[[INIT]] : tensor<3x4xf32>)
// CHECK-NEXT:    ^bb0(%{{.*}}: i64, %[[V:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK:           %[[GT:.*]] = arith.cmpf ogt, %[[V]], %[[ACC]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.select %[[GT]], %[[V]], %[[ACC]] : f32
// CHECK-NEXT:      %[[NAN:.*]] = arith.cmpf uno, %[[V]], %[[V]] : f32
// CHECK-NEXT:      arith.select %[[NAN]], %[[V]], %[[M]] : f32
func.func @scatter_reduce_amax(%s: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si64>, %u: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "amax"
  %false = torch.constant.bool false
  %0 = torch.aten.scatter_reduce.two %s, %int0, %i, %u, %str, %false : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// mean on int64 along dim 1, index narrower than self: the covered corner
// is reduced with a count, floor-divided, and inserted back.
// CHECK-LABEL: func.func @scatter_reduce_mean(
// CHECK:         %[[CORNER:.*]] = tensor.extract_slice %{{.*}}[0, 0] [2, 3] [1, 1] : tensor<3x3xi64> to tensor<2x3xi64>
// CHECK:         %[[ONES:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<2x3xi64>)
// CHECK:         %[[G:.*]]:2 = linalg.generic {{.*}} outs(%[[CORNER]], %[[ONES]] : tensor<2x3xi64>, tensor<2x3xi64>)
// CHECK:         %[[M:.*]] = linalg.generic {{.*}} ins(%[[G]]#0, %[[G]]#1 : tensor<2x3xi64>, tensor<2x3xi64>)
// CHECK:           arith.divsi
// CHECK:           arith.remsi
// CHECK:           arith.cmpi slt
// CHECK:         tensor.insert_slice %[[M]] into %{{.*}}[0, 0] [2, 3] [1, 1] : tensor<2x3xi64> into tensor<3x3xi64>
func.func @scatter_reduce_mean(%s: !torch.vtensor<[3,3],si64>, %i: !torch.vtensor<[2,2],si64>, %u: !torch.vtensor<[2,2],si64>) -> !torch.vtensor<[3,3],si64> {
  %int1 = torch.constant.int 1
  %str = torch.constant.str "mean"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %s, %int1, %i, %u, %str, %true : !torch.vtensor<[3,3],si64>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,2],si64>, !torch.str, !torch.bool -> !torch.vtensor<[3,3],si64>
  return %0 : !torch.vtensor<[3,3],si64>
}
