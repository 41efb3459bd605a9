// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// scatter.value along dim 1, as nll_loss's decomposed backward writes the
// -1 of each row's target: one generic over the output, a reduction loop
// over index's extent along dim; an element takes the value where the
// index names it and keeps self's value elsewhere.
// CHECK-DAG:   #[[IDX:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @scatter_value(
// CHECK-SAME:      %[[SELF:[^:]*]]: tensor<3x5xf32>, %[[I:[^:]*]]: tensor<3x1xi64>)
// CHECK:         %[[V:.*]] = arith.constant -1.000000e+00 : f32
// CHECK:         linalg.generic {indexing_maps = [#[[IDX]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[I]] : tensor<3x1xi64>) outs(%[[SELF]] : tensor<3x5xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i64, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.index_cast %[[X]] : i64 to index
// CHECK-NEXT:      %[[D:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpi eq, %[[P]], %[[D]] : index
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[EQ]], %[[V]], %[[ACC]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @scatter_value(%g: !torch.vtensor<[3,5],f32>, %t: !torch.vtensor<[3,1],si64>) -> !torch.vtensor<[3,5],f32> {
  %int1 = torch.constant.int 1
  %v = torch.constant.float -1.000000e+00
  %0 = torch.aten.scatter.value %g, %int1, %t, %v : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,1],si64>, !torch.float -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// scatter_add sums every src that lands on an element; a src larger than
// index is read in index's corner.
// CHECK-LABEL: func.func @scatter_add(
// CHECK:         %[[SRC:.*]] = tensor.extract_slice %{{.*}}[0, 0] [2, 3] [1, 1] : tensor<3x3xf32> to tensor<2x3xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[SRC]] : tensor<2x3xi64>, tensor<2x3xf32>)
// CHECK:           %[[S:.*]] = arith.addf %[[ACC:.*]], %{{.*}} : f32
// CHECK-NEXT:      arith.select %{{.*}}, %[[S]], %[[ACC]] : f32
func.func @scatter_add(%t: !torch.vtensor<[4,3],f32>, %k: !torch.vtensor<[2,3],si64>, %u: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.scatter_add %t, %int0, %k, %u : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[3,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
