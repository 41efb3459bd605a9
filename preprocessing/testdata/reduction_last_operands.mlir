// RUN: torchlower opt %s -p reduction-last-operands --split-input-file | FileCheck %s

// The 1x1 stride-2 f16 data gradient as backward-data-conv leaves it: dy
// (n, f, h, w) and the weights (f, c, kh, kw) both have K = f away from
// their innermost dim, and each is multiplied into 256 or more outputs
// (dy into C = 256 channels, the weights into 2·16·16 pixels). After the pass both are read through a transpose
// that puts f (and the weights' taps, in loop order) last: dy as (n, h,
// w, f), the weights as (c, f, kh, kw); the maps follow.
#dy = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[DYT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d5, d3 + d6, d4)>
// CHECK-DAG:   #[[WT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-LABEL: func.func @dgrad_1x1_f16(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x128x16x16xf16>, %[[W:[^:]*]]: tensor<128x256x1x1xf16>)
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<2x16x16x128xf16>
// CHECK:         %[[T0:.*]] = linalg.transpose ins(%[[DY]] : tensor<2x128x16x16xf16>) outs(%[[E0]] : tensor<2x16x16x128xf16>) permutation = [0, 2, 3, 1]
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<256x128x1x1xf16>
// CHECK:         %[[T1:.*]] = linalg.transpose ins(%[[W]] : tensor<128x256x1x1xf16>) outs(%[[E1]] : tensor<256x128x1x1xf16>) permutation = [1, 0, 2, 3]
// CHECK:         linalg.generic {indexing_maps = [#[[DYT]], #[[WT]], #{{.*}}], {{.*}} ins(%[[T0]], %[[T1]] : tensor<2x16x16x128xf16>, tensor<256x128x1x1xf16>)
func.func @dgrad_1x1_f16(%dy: tensor<2x128x16x16xf16>, %w: tensor<128x256x1x1xf16>) -> tensor<2x256x16x16xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x256x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x256x16x16xf32>) -> tensor<2x256x16x16xf32>
  %r = linalg.generic {indexing_maps = [#dy, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<2x128x16x16xf16>, tensor<128x256x1x1xf16>) outs(%f : tensor<2x256x16x16xf32>) {
  ^bb0(%a: f16, %b: f16, %out: f32):
    %0 = arith.extf %a : f16 to f32
    %1 = arith.extf %b : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x256x16x16xf32>
  return %r : tensor<2x256x16x16xf32>
}

// -----

// A bf16 region of a 3x3 decomposition: dy already reduction-last (the
// decomposition's own transpose), so only the weights' slice is
// transposed. Its reduction dims come in the map in another order than
// their loops (d6 before d5): they are put last in loop order, so that K
// is one contiguous run.
#dy = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d5, d3 + d6, d4)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d6, d1, d5)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[WT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-LABEL: func.func @region_bf16(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x17x17x16xbf16>, %[[W:[^:]*]]: tensor<16x2x16x2xbf16>)
// CHECK-NOT:     linalg.transpose ins(%[[DY]]
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[W]] : tensor<16x2x16x2xbf16>) outs(%{{.*}} : tensor<16x16x2x2xbf16>) permutation = [2, 0, 3, 1]
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[WT]], #{{.*}}], {{.*}} ins(%[[DY]], %[[T]] : tensor<2x17x17x16xbf16>, tensor<16x16x2x2xbf16>)
func.func @region_bf16(%dy: tensor<2x17x17x16xbf16>, %w: tensor<16x2x16x2xbf16>) -> tensor<2x16x16x16xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x16x16x16xf32>) -> tensor<2x16x16x16xf32>
  %r = linalg.generic {indexing_maps = [#dy, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<2x17x17x16xbf16>, tensor<16x2x16x2xbf16>) outs(%f : tensor<2x16x16x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %out: f32):
    %0 = arith.extf %a : bf16 to f32
    %1 = arith.extf %b : bf16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x16x16x16xf32>
  return %r : tensor<2x16x16x16xf32>
}

// -----

// Left alone: an f32 contraction (the scalar tiled kernel stages by rows
// of the output, which NCHW already gives), a factor already
// reduction-last (a row-major matmul's a and a (n, k) b), a reduction
// that is not a multiply-add, and an f16 one too narrow for the tensor
// cores (N = 6: a thread per output sums its K, reading dy along W).
#dy = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d4, d1)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @untouched(
// CHECK-NOT:     linalg.transpose
// CHECK:         return
func.func @untouched(%dy: tensor<2x8x4x4xf32>, %w: tensor<8x6xf32>, %a: tensor<5x7xf16>, %b: tensor<3x7xf16>, %m: tensor<5x7xf16>, %acc: tensor<2x6x4x4xf32>, %acc2: tensor<5x3xf32>, %acc3: tensor<5x3xf16>, %dyh: tensor<2x32x4x4xf16>, %wh: tensor<32x6xf16>) -> (tensor<2x6x4x4xf32>, tensor<5x3xf32>, tensor<5x3xf16>, tensor<2x6x4x4xf32>) {
  %r = linalg.generic {indexing_maps = [#dy, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%dy, %w : tensor<2x8x4x4xf32>, tensor<8x6xf32>) outs(%acc : tensor<2x6x4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %0 = arith.mulf %x, %y : f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<2x6x4x4xf32>
  %s = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<5x7xf16>, tensor<3x7xf16>) outs(%acc2 : tensor<5x3xf32>) {
  ^bb0(%x: f16, %y: f16, %out: f32):
    %0 = arith.extf %x : f16 to f32
    %1 = arith.extf %y : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<5x3xf32>
  %t = linalg.generic {indexing_maps = [#a, #a, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%m, %m : tensor<5x7xf16>, tensor<5x7xf16>) outs(%acc3 : tensor<5x3xf16>) {
  ^bb0(%x: f16, %y: f16, %out: f16):
    %0 = arith.maxf %x, %y : f16
    %1 = arith.maxf %out, %0 : f16
    linalg.yield %1 : f16
  } -> tensor<5x3xf16>
  %u = linalg.generic {indexing_maps = [#dy, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%dyh, %wh : tensor<2x32x4x4xf16>, tensor<32x6xf16>) outs(%acc : tensor<2x6x4x4xf32>) {
  ^bb0(%x: f16, %y: f16, %out: f32):
    %0 = arith.extf %x : f16 to f32
    %1 = arith.extf %y : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x6x4x4xf32>
  return %r, %s, %t, %u : tensor<2x6x4x4xf32>, tensor<5x3xf32>, tensor<5x3xf16>, tensor<2x6x4x4xf32>
}

// -----

// A 3x3 f16 correlation over NCHW dy: K's innermost loop is the tap kw,
// which dy reads at w + kw, not as a dim of its own; moving f last would
// not make K contiguous, only scatter the rows, so dy stays as it is. The
// weights' K (f, kh, kw) becomes their innermost run.
#dy = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv3x3_nchw_f16(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x16x18x18xf16>, %[[W:[^:]*]]: tensor<16x16x3x3xf16>)
// CHECK-NOT:     linalg.transpose ins(%[[DY]]
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[W]] : tensor<16x16x3x3xf16>) outs(%{{.*}} : tensor<16x16x3x3xf16>) permutation = [1, 0, 2, 3]
// CHECK:         linalg.generic {{.*}} ins(%[[DY]], %[[T]] : tensor<1x16x18x18xf16>, tensor<16x16x3x3xf16>)
func.func @conv3x3_nchw_f16(%dy: tensor<1x16x18x18xf16>, %w: tensor<16x16x3x3xf16>) -> tensor<1x16x16x16xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %r = linalg.generic {indexing_maps = [#dy, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<1x16x18x18xf16>, tensor<16x16x3x3xf16>) outs(%f : tensor<1x16x16x16xf32>) {
  ^bb0(%a: f16, %b: f16, %out: f32):
    %0 = arith.extf %a : f16 to f32
    %1 = arith.extf %b : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}

// -----

// A 1x1 data gradient into C = 32 channels: each dy element meets 32
// outputs, too few for its transpose (a pass over dy as long as the
// contraction's own) to pay; dy is read as it is. The weights, meeting
// 512 pixels, are transposed.
#dy = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @dgrad_1x1_narrow(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x128x16x16xf16>, %[[W:[^:]*]]: tensor<128x32x1x1xf16>)
// CHECK-NOT:     linalg.transpose ins(%[[DY]]
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[W]] : tensor<128x32x1x1xf16>) outs(%{{.*}} : tensor<32x128x1x1xf16>) permutation = [1, 0, 2, 3]
// CHECK:         linalg.generic {{.*}} ins(%[[DY]], %[[T]] : tensor<2x128x16x16xf16>, tensor<32x128x1x1xf16>)
func.func @dgrad_1x1_narrow(%dy: tensor<2x128x16x16xf16>, %w: tensor<128x32x1x1xf16>) -> tensor<2x32x16x16xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x32x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x32x16x16xf32>) -> tensor<2x32x16x16xf32>
  %r = linalg.generic {indexing_maps = [#dy, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<2x128x16x16xf16>, tensor<128x32x1x1xf16>) outs(%f : tensor<2x32x16x16xf32>) {
  ^bb0(%a: f16, %b: f16, %out: f32):
    %0 = arith.extf %a : f16 to f32
    %1 = arith.extf %b : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x32x16x16xf32>
  return %r : tensor<2x32x16x16xf32>
}
