// RUN: torchlower opt %s -p swap-cast-with-insert-slice-chain --split-input-file | FileCheck %s
// RUN: torchlower opt %s -p 'swap-cast-with-insert-slice-chain{max-slices=1}' --split-input-file | FileCheck %s --check-prefix=ONE

// The bf16 data gradient of a 2-phase decomposition: two region results
// (f32) inserted with stride 2 into an f32 zero accumulator, then
// truncated as a whole. After the pass each region is truncated where its
// insert was and inserted into bf16 zeros, made where the f32 ones were;
// nothing f32 of the full size is left.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @two_phases_truncf(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4x3xf32>, %[[B:[^:]*]]: tensor<4x3xf32>)
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : bf16) outs(%{{.*}} : tensor<4x6xbf16>) -> tensor<4x6xbf16>
// CHECK:         %[[TA:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<4x3xf32>) outs(%{{.*}} : tensor<4x3xbf16>)
// CHECK:           arith.truncf
// CHECK:         %[[S0:.*]] = tensor.insert_slice %[[TA]] into %[[Z]][0, 0] [4, 3] [1, 2] : tensor<4x3xbf16> into tensor<4x6xbf16>
// CHECK:         %[[TB:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<4x3xf32>) outs(%{{.*}} : tensor<4x3xbf16>)
// CHECK:           arith.truncf
// CHECK:         %[[S1:.*]] = tensor.insert_slice %[[TB]] into %[[S0]][0, 1] [4, 3] [1, 2] : tensor<4x3xbf16> into tensor<4x6xbf16>
// CHECK-NOT:     tensor<4x6xf32>
// CHECK:         return %[[S1]]
// With max-slices=1 (the CPU's pipeline) a chain of two is left alone:
// the f32 accumulator is assembled and truncated once.
// ONE-LABEL:     func.func @two_phases_truncf(
// ONE:             linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x6xf32>)
// ONE:             tensor.insert_slice
// ONE:             %[[S1:.*]] = tensor.insert_slice
// ONE:             linalg.generic {{.*}} ins(%[[S1]] : tensor<4x6xf32>) outs(%{{.*}} : tensor<4x6xbf16>)
func.func @two_phases_truncf(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x6xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = tensor.insert_slice %a into %1[0, 0] [4, 3] [1, 2] : tensor<4x3xf32> into tensor<4x6xf32>
  %3 = tensor.insert_slice %b into %2[0, 1] [4, 3] [1, 2] : tensor<4x3xf32> into tensor<4x6xf32>
  %4 = tensor.empty() : tensor<4x6xbf16>
  %5 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x6xf32>) outs(%4 : tensor<4x6xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %6 = arith.truncf %in : f32 to bf16
    linalg.yield %6 : bf16
  } -> tensor<4x6xbf16>
  return %5 : tensor<4x6xbf16>
}

// -----

// The dense<0> spelling, one slice, a widening cast: the f16 slice is
// widened and inserted into f32 zeros.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dense_zero_extf(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<2x2xf16>)
// CHECK-NOT:     arith.constant dense
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x3xf32>)
// CHECK:         %[[E:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<2x2xf16>) outs(%{{.*}} : tensor<2x2xf32>)
// CHECK:           arith.extf
// CHECK:         %[[S:.*]] = tensor.insert_slice %[[E]] into %[[Z]][1, 1] [2, 2] [1, 1]
// CHECK:         return %[[S]]
// One slice: swapped with max-slices=1 too.
// ONE-LABEL:     func.func @dense_zero_extf(
// ONE:             linalg.generic {{.*}} ins(%{{.*}} : tensor<2x2xf16>) outs(%{{.*}} : tensor<2x2xf32>)
// ONE:             tensor.insert_slice
func.func @dense_zero_extf(%a: tensor<2x2xf16>) -> tensor<3x3xf32> {
  %z = arith.constant dense<0.000000e+00> : tensor<3x3xf16>
  %0 = tensor.insert_slice %a into %z[1, 1] [2, 2] [1, 1] : tensor<2x2xf16> into tensor<3x3xf16>
  %1 = tensor.empty() : tensor<3x3xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<3x3xf16>) outs(%1 : tensor<3x3xf32>) {
  ^bb0(%in: f16, %out: f32):
    %3 = arith.extf %in : f16 to f32
    linalg.yield %3 : f32
  } -> tensor<3x3xf32>
  return %2 : tensor<3x3xf32>
}

// -----

// Left alone: the destination is not zero (a cast of 1.0 is not what the
// untouched elements would hold after a re-made fill of zeros).
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @nonzero_dest(
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x6xf32>)
// CHECK:         tensor.insert_slice %{{.*}} : tensor<4x3xf32> into tensor<4x6xf32>
// CHECK:         arith.truncf
func.func @nonzero_dest(%a: tensor<4x3xf32>) -> tensor<4x6xbf16> {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = tensor.insert_slice %a into %1[0, 0] [4, 3] [1, 2] : tensor<4x3xf32> into tensor<4x6xf32>
  %3 = tensor.empty() : tensor<4x6xbf16>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x6xf32>) outs(%3 : tensor<4x6xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %5 = arith.truncf %in : f32 to bf16
    linalg.yield %5 : bf16
  } -> tensor<4x6xbf16>
  return %4 : tensor<4x6xbf16>
}

// -----

// Left alone: the f32 tensor is also returned, so it must be built anyway.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @chain_read_twice(
// CHECK:         %[[S:.*]] = tensor.insert_slice %{{.*}} : tensor<4x3xf32> into tensor<4x6xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[S]] : tensor<4x6xf32>)
// CHECK:           arith.truncf
func.func @chain_read_twice(%a: tensor<4x3xf32>) -> (tensor<4x6xbf16>, tensor<4x6xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = tensor.insert_slice %a into %1[0, 0] [4, 3] [1, 2] : tensor<4x3xf32> into tensor<4x6xf32>
  %3 = tensor.empty() : tensor<4x6xbf16>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x6xf32>) outs(%3 : tensor<4x6xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %5 = arith.truncf %in : f32 to bf16
    linalg.yield %5 : bf16
  } -> tensor<4x6xbf16>
  return %4, %2 : tensor<4x6xbf16>, tensor<4x6xf32>
}

// -----

// Left alone: the consumer is not a cast (negf does not keep the untouched
// zeros +0: -0.0 would be recreated as +0).
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @not_a_cast(
// CHECK:         tensor.insert_slice %{{.*}} : tensor<4x3xf32> into tensor<4x6xf32>
// CHECK:         arith.negf
func.func @not_a_cast(%a: tensor<4x3xf32>) -> tensor<4x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = tensor.insert_slice %a into %1[0, 0] [4, 3] [1, 2] : tensor<4x3xf32> into tensor<4x6xf32>
  %3 = tensor.empty() : tensor<4x6xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x6xf32>) outs(%3 : tensor<4x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.negf %in : f32
    linalg.yield %5 : f32
  } -> tensor<4x6xf32>
  return %4 : tensor<4x6xf32>
}

// -----

// Left alone: a rank-reducing insert (the cast's maps have the
// destination's rank, not the source's).
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @rank_reducing(
// CHECK:         tensor.insert_slice %{{.*}} : tensor<3xf32> into tensor<4x6xf32>
// CHECK:         arith.truncf
func.func @rank_reducing(%a: tensor<3xf32>) -> tensor<4x6xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = tensor.insert_slice %a into %1[1, 0] [1, 3] [1, 2] : tensor<3xf32> into tensor<4x6xf32>
  %3 = tensor.empty() : tensor<4x6xbf16>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x6xf32>) outs(%3 : tensor<4x6xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %5 = arith.truncf %in : f32 to bf16
    linalg.yield %5 : bf16
  } -> tensor<4x6xbf16>
  return %4 : tensor<4x6xbf16>
}
