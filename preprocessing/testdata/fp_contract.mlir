// RUN: torchlower opt %s -p fp-contract --split-input-file | FileCheck %s
// RUN: torchlower opt %s -p fp-contract,fp-contract --split-input-file | FileCheck %s

// An f32 matmul's body: its product and sum may fuse; other flags stay.
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @f32_matmul(
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[Y]] fastmath<nnan,contract> : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[P]] fastmath<contract> : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @f32_matmul(%x: tensor<4x8xf32>, %y: tensor<8x5xf32>, %acc: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %y : tensor<4x8xf32>, tensor<8x5xf32>) outs(%acc : tensor<4x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %1 = arith.mulf %in, %in_0 fastmath<nnan> : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// bf16 factors widened to f32 (a bf16 product can overflow where the
// fused one would not) and f64 ones are left as they are.
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @bf16_and_f64(
// CHECK-NOT:     contract
// CHECK:         return
func.func @bf16_and_f64(%x: tensor<4x8xbf16>, %y: tensor<8x5xbf16>, %acc: tensor<4x5xf32>, %u: tensor<4x8xf64>, %v: tensor<8x5xf64>, %w: tensor<4x5xf64>) -> (tensor<4x5xf32>, tensor<4x5xf64>) {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %y : tensor<4x8xbf16>, tensor<8x5xbf16>) outs(%acc : tensor<4x5xf32>) {
  ^bb0(%in: bf16, %in_0: bf16, %out: f32):
    %e0 = arith.extf %in : bf16 to f32
    %e1 = arith.extf %in_0 : bf16 to f32
    %1 = arith.mulf %e0, %e1 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4x5xf32>
  %3 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%u, %v : tensor<4x8xf64>, tensor<8x5xf64>) outs(%w : tensor<4x5xf64>) {
  ^bb0(%in: f64, %in_0: f64, %out: f64):
    %4 = arith.mulf %in, %in_0 : f64
    %5 = arith.addf %4, %out : f64
    linalg.yield %5 : f64
  } -> tensor<4x5xf64>
  return %0, %3 : tensor<4x5xf32>, tensor<4x5xf64>
}

// -----

// Not a multiply-accumulate: the product has a second use, or the sum
// does not add into the output.
#id = affine_map<(i) -> (i)>
// CHECK-LABEL: func.func @not_mac(
// CHECK-NOT:     contract
// CHECK:         return
func.func @not_mac(%x: tensor<8xf32>, %y: tensor<8xf32>, %z: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%z : tensor<8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %1 = arith.mulf %in, %in_0 : f32
    %2 = arith.addf %out, %1 : f32
    %3 = arith.addf %2, %1 : f32
    linalg.yield %3 : f32
  } -> tensor<8xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%z : tensor<8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %in, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<8xf32>
  return %0, %4 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Named f32 contractions (what mm, addmm, linear and bmm lower to) have
// no fastmath attribute: they become their generic form, marked. A bf16
// matmul into f32 widens its factors and stays named.
// CHECK-DAG:   #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[BA:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG:   #[[BB:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG:   #[[BC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @named(
// CHECK-NOT:     linalg.matmul ins(%{{.*}} : tensor<4x8xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x5xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[Y]] fastmath<contract> : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[P]] fastmath<contract> : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[BA]], #[[BB]], #[[BC]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<2x4x8xf32>, tensor<2x8x5xf32>)
// CHECK:           arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xbf16>, tensor<8x5xbf16>)
// CHECK:         return
func.func @named(%x: tensor<4x8xf32>, %y: tensor<8x5xf32>, %acc: tensor<4x5xf32>, %bx: tensor<2x4x8xf32>, %by: tensor<2x8x5xf32>, %bacc: tensor<2x4x5xf32>, %hx: tensor<4x8xbf16>, %hy: tensor<8x5xbf16>) -> (tensor<4x5xf32>, tensor<2x4x5xf32>, tensor<4x5xf32>) {
  %0 = linalg.matmul ins(%x, %y : tensor<4x8xf32>, tensor<8x5xf32>) outs(%acc : tensor<4x5xf32>) -> tensor<4x5xf32>
  %1 = linalg.batch_matmul ins(%bx, %by : tensor<2x4x8xf32>, tensor<2x8x5xf32>) outs(%bacc : tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  %2 = linalg.matmul ins(%hx, %hy : tensor<4x8xbf16>, tensor<8x5xbf16>) outs(%acc : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0, %1, %2 : tensor<4x5xf32>, tensor<2x4x5xf32>, tensor<4x5xf32>
}
