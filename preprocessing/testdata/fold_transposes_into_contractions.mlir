// RUN: torchlower opt %s -p fold-transposes-into-contractions --split-input-file | FileCheck %s
// RUN: torchlower opt %s -p fold-transposes-into-contractions,fold-transposes-into-contractions --split-input-file | FileCheck %s

// addmm(b, x, W.t()): the matmul reads W where it lies, (n, k) for its
// (k, n) operand; the transpose and its empty are gone.
// CHECK:       #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT:  #map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-NEXT:  #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @weight(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x8xf32>, %[[W:[a-z0-9]+]]: tensor<5x8xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<4x8xf32>, tensor<5x8xf32>)
// CHECK-NEXT:    ^bb0(%[[I:.*]]: f32, %[[J:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[I]], %[[J]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[O]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK-NOT:     tensor.empty() : tensor<8x5xf32>
// CHECK:         return
func.func @weight(%x: tensor<4x8xf32>, %w: tensor<5x8xf32>, %acc: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %e = tensor.empty() : tensor<8x5xf32>
  %wt = linalg.transpose ins(%w : tensor<5x8xf32>) outs(%e : tensor<8x5xf32>) permutation = [1, 0]
  %0 = linalg.matmul ins(%x, %wt : tensor<4x8xf32>, tensor<8x5xf32>) outs(%acc : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// The backward's permute(permute(W)) is W, which its matmul reads as a
// plain (k, n) factor; the first transpose, also read by the forward
// matmul, goes once neither reads it.
// CHECK:       #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT:  #map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-NEXT:  #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @forward_and_backward(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x8xf32>, %[[W:[a-z0-9]+]]: tensor<5x8xf32>, %[[G:[a-z0-9]+]]: tensor<4x5xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {indexing_maps = [#map, #map1, #map2], {{.*}} ins(%[[X]], %[[W]] : tensor<4x8xf32>, tensor<5x8xf32>)
// CHECK:         linalg.matmul ins(%[[G]], %[[W]] : tensor<4x5xf32>, tensor<5x8xf32>)
// CHECK-NOT:     linalg.transpose
// CHECK:         return
func.func @forward_and_backward(%x: tensor<4x8xf32>, %w: tensor<5x8xf32>, %g: tensor<4x5xf32>, %acc: tensor<4x5xf32>, %gacc: tensor<4x8xf32>) -> (tensor<4x5xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<8x5xf32>
  %wt = linalg.transpose ins(%w : tensor<5x8xf32>) outs(%e : tensor<8x5xf32>) permutation = [1, 0]
  %0 = linalg.matmul ins(%x, %wt : tensor<4x8xf32>, tensor<8x5xf32>) outs(%acc : tensor<4x5xf32>) -> tensor<4x5xf32>
  %e2 = tensor.empty() : tensor<5x8xf32>
  %wtt = linalg.transpose ins(%wt : tensor<8x5xf32>) outs(%e2 : tensor<5x8xf32>) permutation = [1, 0]
  %1 = linalg.matmul ins(%g, %wtt : tensor<4x5xf32>, tensor<5x8xf32>) outs(%gacc : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<4x8xf32>
}

// -----

// A transposing copy written as a generic folds too, into a batched
// matmul (q·kᵀ with k transposed by a generic); a transpose that another
// op reads stays for it.
// CHECK:       #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-NEXT:  #map3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-NEXT:  #map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batched(
// CHECK-SAME:      %[[Q0:[a-z0-9]+]]: tensor<2x4x8xf32>, %[[K0:[a-z0-9]+]]: tensor<2x6x8xf32>
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} ins(%[[K0]] : tensor<2x6x8xf32>)
// CHECK:         linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[Q0]], %[[K0]] : tensor<2x4x8xf32>, tensor<2x6x8xf32>)
// CHECK:         return %{{.*}}, %[[T]]
#in = affine_map<(b, i, j) -> (b, j, i)>
#out = affine_map<(b, i, j) -> (b, i, j)>
func.func @batched(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %acc: tensor<2x4x6xf32>) -> (tensor<2x4x6xf32>, tensor<2x8x6xf32>) {
  %e = tensor.empty() : tensor<2x8x6xf32>
  %kt = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel"]} ins(%k : tensor<2x6x8xf32>) outs(%e : tensor<2x8x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x8x6xf32>
  %0 = linalg.batch_matmul ins(%q, %kt : tensor<2x4x8xf32>, tensor<2x8x6xf32>) outs(%acc : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  return %0, %kt : tensor<2x4x6xf32>, tensor<2x8x6xf32>
}

// -----

// A weight gradient's permute(permute(gradᵀ·x)) is gradᵀ·x, gradᵀ read
// in place.
// CHECK:       #map = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-NEXT:  #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT:  #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @identity_chain(
// CHECK-SAME:      %[[X0:[a-z0-9]+]]: tensor<4x8xf32>, %[[G:[a-z0-9]+]]: tensor<4x5xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#map, #map1, #map2], {{.*}} ins(%[[G]], %[[X0]] : tensor<4x5xf32>, tensor<4x8xf32>)
// CHECK-NOT:     linalg.transpose
// CHECK:         return %[[R]] : tensor<5x8xf32>
func.func @identity_chain(%x: tensor<4x8xf32>, %g: tensor<4x5xf32>, %acc: tensor<5x8xf32>) -> tensor<5x8xf32> {
  %e = tensor.empty() : tensor<5x4xf32>
  %gt = linalg.transpose ins(%g : tensor<4x5xf32>) outs(%e : tensor<5x4xf32>) permutation = [1, 0]
  %0 = linalg.matmul ins(%gt, %x : tensor<5x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<5x8xf32>) -> tensor<5x8xf32>
  %e1 = tensor.empty() : tensor<8x5xf32>
  %1 = linalg.transpose ins(%0 : tensor<5x8xf32>) outs(%e1 : tensor<8x5xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<5x8xf32>
  %2 = linalg.transpose ins(%1 : tensor<8x5xf32>) outs(%e2 : tensor<5x8xf32>) permutation = [1, 0]
  return %2 : tensor<5x8xf32>
}

// -----

// Left alone: a convolution (its window map is a sum of loops) reading
// a transposed filter, and a flip (not a permutation) into a matmul.
// CHECK-LABEL: func.func @not_folded(
// CHECK:         %[[WT:.*]] = linalg.transpose
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[WT]] : tensor<10xf32>, tensor<2x3xf32>)
// CHECK:         %[[F:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK:         linalg.matmul ins(%{{.*}}, %[[F]] : tensor<4x8xf32>, tensor<8x5xf32>)
// CHECK:         return
#x1 = affine_map<(f, o, k) -> (o + k)>
#w1 = affine_map<(f, o, k) -> (f, k)>
#y1 = affine_map<(f, o, k) -> (f, o)>
#flip = affine_map<(i, j) -> (7 - i, j)>
#id = affine_map<(i, j) -> (i, j)>
func.func @not_folded(%x: tensor<10xf32>, %w: tensor<3x2xf32>, %y: tensor<2x8xf32>, %a: tensor<4x8xf32>, %b: tensor<8x5xf32>, %acc: tensor<4x5xf32>) -> (tensor<2x8xf32>, tensor<4x5xf32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %wt = linalg.transpose ins(%w : tensor<3x2xf32>) outs(%e : tensor<2x3xf32>) permutation = [1, 0]
  %0 = linalg.generic {indexing_maps = [#x1, #w1, #y1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %wt : tensor<10xf32>, tensor<2x3xf32>) outs(%y : tensor<2x8xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %1 = arith.mulf %i, %j : f32
    %2 = arith.addf %o, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<2x8xf32>
  %ev = tensor.empty() : tensor<8x5xf32>
  %f = linalg.generic {indexing_maps = [#flip, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x5xf32>) outs(%ev : tensor<8x5xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  } -> tensor<8x5xf32>
  %3 = linalg.matmul ins(%a, %f : tensor<4x8xf32>, tensor<8x5xf32>) outs(%acc : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0, %3 : tensor<2x8xf32>, tensor<4x5xf32>
}
