// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// prod.dim_int of bf16 with a negative dim and keepdim: the product is
// taken in f32 from a linalg.fill(1) accumulator and rounded once.
// CHECK-DAG:   #[[KEEP:map[0-9]*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @prod_dim_bf16(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<3x4xbf16>) -> tensor<3x1xbf16>
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[ONE]] : f32) outs(%{{.*}} : tensor<3x1xf32>)
// CHECK:         %[[P:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[KEEP]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<3x4xbf16>) outs(%[[INIT]] : tensor<3x1xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[E:.*]] = arith.extf %[[IN]] : bf16 to f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[ACC]], %[[E]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// CHECK:         %[[OUT:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<3x1xf32>) outs(%{{.*}} : tensor<3x1xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return %[[OUT]] : tensor<3x1xbf16>
// CHECK-NOT:     torch.
func.func @prod_dim_bf16(%x: !torch.vtensor<[3,4],bf16>) -> !torch.vtensor<[3,1],bf16> {
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.aten.prod.dim_int %x, %int-1, %true, %none : !torch.vtensor<[3,4],bf16>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[3,1],bf16>
  return %0 : !torch.vtensor<[3,1],bf16>
}

// -----

// Integer and bool products promote to int64 (bool zero-extended).
// CHECK-LABEL: func.func @prod_promote(
// CHECK-SAME:      -> (tensor<i64>, tensor<3xi64>)
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:         linalg.fill ins(%[[ONE]] : i64) outs(%{{.*}} : tensor<i64>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<3x4xi1>) outs(%{{.*}} : tensor<i64>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i1, %[[ACC:.*]]: i64):
// CHECK-NEXT:      %[[E:.*]] = arith.extui %[[IN]] : i1 to i64
// CHECK-NEXT:      arith.muli %[[ACC]], %[[E]] : i64
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<3x4xi32>) outs(%{{.*}} : tensor<3xi64>)
// CHECK-NEXT:    ^bb0(%[[IN2:.*]]: i32, %[[ACC2:.*]]: i64):
// CHECK-NEXT:      %[[E2:.*]] = arith.extsi %[[IN2]] : i32 to i64
// CHECK-NEXT:      arith.muli %[[ACC2]], %[[E2]] : i64
func.func @prod_promote(%b: !torch.vtensor<[3,4],i1>, %x: !torch.vtensor<[3,4],si32>) -> (!torch.vtensor<[],si64>, !torch.vtensor<[3],si64>) {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.aten.prod %b, %none : !torch.vtensor<[3,4],i1>, !torch.none -> !torch.vtensor<[],si64>
  %1 = torch.aten.prod.dim_int %x, %int1, %false, %none : !torch.vtensor<[3,4],si32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[3],si64>
  return %0, %1 : !torch.vtensor<[],si64>, !torch.vtensor<[3],si64>
}

// -----

// dtype bool (ScalarType 11): each element becomes x != 0 and the i1
// product (muli on i1) is their and.
// CHECK-LABEL: func.func @prod_dtype_bool(
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK:         linalg.fill ins(%[[TRUE]] : i1) outs(%{{.*}} : tensor<i1>)
// CHECK:           %[[NZ:.*]] = arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      arith.muli %{{.*}}, %[[NZ]] : i1
func.func @prod_dtype_bool(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[],i1> {
  %int11 = torch.constant.int 11
  %0 = torch.aten.prod %x, %int11 : !torch.vtensor<[3,4],f32>, !torch.int -> !torch.vtensor<[],i1>
  return %0 : !torch.vtensor<[],i1>
}
