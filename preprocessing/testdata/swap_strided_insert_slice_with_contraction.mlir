// RUN: torchlower opt %s -p swap-strided-insert-slice-with-contraction --split-input-file | FileCheck %s

// The 1x1 stride-2 data gradient as lowering emits it (NCHW, fill spelling):
// dy 2x4x4x4 is scattered into 2x4x7x7 and contracted with the 4x3x1x1
// weight. The contraction now runs on dy itself into 2x3x4x4 and its result
// is scattered into 2x3x7x7 with the same offsets and strides.
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv2d_1x1_nchw(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x4x4x4xf32>, %[[W:[^:]*]]: tensor<4x3x1x1xf32>)
// CHECK:         %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3x4x4xf32>)
// CHECK:         %[[C:.*]] = linalg.generic {{.*}} ins(%[[DY]], %[[W]] : tensor<2x4x4x4xf32>, tensor<4x3x1x1xf32>) outs(%[[ACC]] : tensor<2x3x4x4xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         } -> tensor<2x3x4x4xf32>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3x7x7xf32>)
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[C]] into %[[Z]][0, 0, 0, 0] [2, 3, 4, 4] [1, 1, 2, 2] : tensor<2x3x4x4xf32> into tensor<2x3x7x7xf32>
// CHECK-NOT:     tensor.insert_slice
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @conv2d_1x1_nchw(%dy: tensor<2x4x4x4xf32>, %w: tensor<4x3x1x1xf32>) -> tensor<2x3x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x4x7x7xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x4x7x7xf32>) -> tensor<2x4x7x7xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 0, 0] [2, 4, 4, 4] [1, 1, 2, 2] : tensor<2x4x4x4xf32> into tensor<2x4x7x7xf32>
  %2 = tensor.empty() : tensor<2x3x7x7xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<2x3x7x7xf32>) -> tensor<2x3x7x7xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x4x7x7xf32>, tensor<4x3x1x1xf32>) outs(%3 : tensor<2x3x7x7xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<2x3x7x7xf32>
  return %4 : tensor<2x3x7x7xf32>
}

// -----

// IREE's example (seed 001): NHWC f16, arith.constant dense<0> destination,
// offsets 1, an extf/mulf/addf body into f32 and a truncf consumer, which
// is carried along: the scatter moves after the truncf, in f16.
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d5, d2 + d6, d4)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @nhwc_f16_truncf(
// CHECK-SAME:      %[[SRC:[^:]*]]: tensor<2x8x8x16xf16>
// CHECK-NOT:     arith.constant dense
// CHECK:         %[[C:.*]] = linalg.generic {{.*}} ins(%[[SRC]], %{{.*}} : tensor<2x8x8x16xf16>, tensor<16x1x1x4xf16>) outs(%{{.*}} : tensor<2x8x8x4xf32>)
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<2x8x8x4xf32>) outs(%{{.*}} : tensor<2x8x8x4xf16>)
// CHECK:           arith.truncf
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f16) outs(%{{.*}} : tensor<2x18x18x4xf16>)
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[T]] into %[[Z]][0, 1, 1, 0] [2, 8, 8, 4] [1, 2, 2, 1] : tensor<2x8x8x4xf16> into tensor<2x18x18x4xf16>
// CHECK:         return %[[R]]
func.func @nhwc_f16_truncf(%src: tensor<2x8x8x16xf16>, %w: tensor<16x1x1x4xf16>) -> tensor<2x18x18x4xf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %zeros = arith.constant dense<0.000000e+00> : tensor<2x18x18x16xf16>
  %x = tensor.insert_slice %src into %zeros[0, 1, 1, 0] [2, 8, 8, 16] [1, 2, 2, 1] : tensor<2x8x8x16xf16> into tensor<2x18x18x16xf16>
  %e = tensor.empty() : tensor<2x18x18x4xf32>
  %acc = linalg.fill ins(%cst : f32) outs(%e : tensor<2x18x18x4xf32>) -> tensor<2x18x18x4xf32>
  %c = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x18x18x16xf16>, tensor<16x1x1x4xf16>) outs(%acc : tensor<2x18x18x4xf32>) {
  ^bb0(%a: f16, %b: f16, %out: f32):
    %0 = arith.extf %a : f16 to f32
    %1 = arith.extf %b : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x18x18x4xf32>
  %e2 = tensor.empty() : tensor<2x18x18x4xf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<2x18x18x4xf32>) outs(%e2 : tensor<2x18x18x4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %0 = arith.truncf %in : f32 to f16
    linalg.yield %0 : f16
  } -> tensor<2x18x18x4xf16>
  return %t : tensor<2x18x18x4xf16>
}

// -----

// 1-D stride 3 and grouped 3-D (N, G, C/G pass-through, D/H/W strided 2):
// both swap.
#x1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
#w1 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
#o1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#x3 = affine_map<(n, g, b, o0, o1, o2, a, k0, k1, k2) -> (n, g, a, o0 + k0, o1 + k1, o2 + k2)>
#w3 = affine_map<(n, g, b, o0, o1, o2, a, k0, k1, k2) -> (g, a, b, k0, k1, k2)>
#o3 = affine_map<(n, g, b, o0, o1, o2, a, k0, k1, k2) -> (n, g, b, o0, o1, o2)>
// CHECK-LABEL: func.func @conv1d_s3(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x3xf32>, tensor<2x5x1xf32>) outs(%{{.*}} : tensor<1x5x3xf32>)
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1] [1, 5, 3] [1, 1, 3] : tensor<1x5x3xf32> into tensor<1x5x9xf32>
// CHECK-LABEL: func.func @grouped_3d(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x2x2x2x2xf32>, tensor<2x2x3x1x1x1xf32>) outs(%{{.*}} : tensor<1x2x3x2x2x2xf32>)
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 0, 0, 0] [1, 2, 3, 2, 2, 2] [1, 1, 1, 2, 2, 2] : tensor<1x2x3x2x2x2xf32> into tensor<1x2x3x4x4x4xf32>
func.func @conv1d_s3(%dy: tensor<1x2x3xf32>, %w: tensor<2x5x1xf32>) -> tensor<1x5x9xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x9xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x9xf32>) -> tensor<1x2x9xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 1] [1, 2, 3] [1, 1, 3] : tensor<1x2x3xf32> into tensor<1x2x9xf32>
  %2 = tensor.empty() : tensor<1x5x9xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x5x9xf32>) -> tensor<1x5x9xf32>
  %4 = linalg.generic {indexing_maps = [#x1, #w1, #o1], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x9xf32>, tensor<2x5x1xf32>) outs(%3 : tensor<1x5x9xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x5x9xf32>
  return %4 : tensor<1x5x9xf32>
}
func.func @grouped_3d(%dy: tensor<1x2x2x2x2x2xf32>, %w: tensor<2x2x3x1x1x1xf32>) -> tensor<1x2x3x4x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x2x4x4x4xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x2x4x4x4xf32>) -> tensor<1x2x2x4x4x4xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 0, 0, 0, 0] [1, 2, 2, 2, 2, 2] [1, 1, 1, 2, 2, 2] : tensor<1x2x2x2x2x2xf32> into tensor<1x2x2x4x4x4xf32>
  %2 = tensor.empty() : tensor<1x2x3x4x4x4xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x2x3x4x4x4xf32>) -> tensor<1x2x3x4x4x4xf32>
  %4 = linalg.generic {indexing_maps = [#x3, #w3, #o3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x2x4x4x4xf32>, tensor<2x2x3x1x1x1xf32>) outs(%3 : tensor<1x2x3x4x4x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x2x3x4x4x4xf32>
  return %4 : tensor<1x2x3x4x4x4xf32>
}

// -----

// Untouched: a 3x3 kernel (reduction extent 3 on the strided axes: `d2 + d5`
// does not reduce to d2).
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv2d_3x3(
// CHECK:         %[[X:.*]] = tensor.insert_slice %{{.*}} : tensor<1x2x4x4xf32> into tensor<1x2x9x9xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<1x2x9x9xf32>, tensor<2x3x3x3xf32>)
func.func @conv2d_3x3(%dy: tensor<1x2x4x4xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x3x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x9x9xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x9x9xf32>) -> tensor<1x2x9x9xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 2, 2] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf32> into tensor<1x2x9x9xf32>
  %2 = tensor.empty() : tensor<1x3x7x7xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x3x7x7xf32>) -> tensor<1x3x7x7xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x9x9xf32>, tensor<2x3x3x3xf32>) outs(%3 : tensor<1x3x7x7xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x7x7xf32>
  return %4 : tensor<1x3x7x7xf32>
}

// -----

// Untouched: the consumer is not a contraction (an elementwise exp).
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @non_contraction(
// CHECK:         %[[X:.*]] = tensor.insert_slice
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : tensor<7x7xf32>)
func.func @non_contraction(%s: tensor<4x4xf32>) -> tensor<7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<7x7xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<7x7xf32>) -> tensor<7x7xf32>
  %x = tensor.insert_slice %s into %1[0, 0] [4, 4] [2, 2] : tensor<4x4xf32> into tensor<7x7xf32>
  %2 = tensor.empty() : tensor<7x7xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<7x7xf32>) outs(%2 : tensor<7x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<7x7xf32>
  return %3 : tensor<7x7xf32>
}

// -----

// A permuting consumer (a transpose after the contraction) is not carried
// along: the contraction swaps, the scatter lands before the transpose,
// which still runs on the full-size tensor.
#x = affine_map<(d0, d1, d2) -> (d0 + d2, d1)>
#w = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @permuting_chain(
// CHECK:         %[[C:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4x3xf32>)
// CHECK:         %[[S:.*]] = tensor.insert_slice %[[C]] into %{{.*}}[0, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<7x3xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[S]] : tensor<7x3xf32>) outs(%{{.*}} : tensor<3x7xf32>)
func.func @permuting_chain(%s: tensor<4x3xf32>, %w: tensor<1x3xf32>) -> tensor<3x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<7x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<7x3xf32>) -> tensor<7x3xf32>
  %x = tensor.insert_slice %s into %1[0, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<7x3xf32>
  %2 = tensor.empty() : tensor<7x3xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<7x3xf32>) -> tensor<7x3xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<7x3xf32>, tensor<1x3xf32>) outs(%3 : tensor<7x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<7x3xf32>
  %e = tensor.empty() : tensor<3x7xf32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<7x3xf32>) outs(%e : tensor<3x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x7xf32>
  return %t : tensor<3x7xf32>
}

// -----

// Untouched: the scattered tensor has another use, and a non-zero
// accumulator (the off-lattice outputs would not be 0).
#x = affine_map<(d0, d1, d2) -> (d0 + d2, d1)>
#w = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @other_use_and_nonzero_acc(
// CHECK:         %[[X:.*]] = tensor.insert_slice {{.*}} : tensor<4x3xf32> into tensor<7x3xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<7x3xf32>, tensor<1x3xf32>)
// CHECK:         %[[Y:.*]] = tensor.insert_slice {{.*}} : tensor<4x3xf32> into tensor<7x3xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[Y]], %{{.*}} : tensor<7x3xf32>, tensor<1x3xf32>)
func.func @other_use_and_nonzero_acc(%s: tensor<4x3xf32>, %w: tensor<1x3xf32>, %acc: tensor<7x3xf32>) -> (tensor<7x3xf32>, tensor<7x3xf32>, tensor<7x3xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<7x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<7x3xf32>) -> tensor<7x3xf32>
  %x = tensor.insert_slice %s into %1[0, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<7x3xf32>
  %2 = tensor.empty() : tensor<7x3xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<7x3xf32>) -> tensor<7x3xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<7x3xf32>, tensor<1x3xf32>) outs(%3 : tensor<7x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<7x3xf32>
  %cz = arith.constant dense<0.000000e+00> : tensor<7x3xf32>
  %y = tensor.insert_slice %s into %cz[0, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<7x3xf32>
  %7 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%y, %w : tensor<7x3xf32>, tensor<1x3xf32>) outs(%acc : tensor<7x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<7x3xf32>
  return %4, %x, %7 : tensor<7x3xf32>, tensor<7x3xf32>, tensor<7x3xf32>
}
