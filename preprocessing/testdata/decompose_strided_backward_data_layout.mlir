// RUN: torchlower opt %s -p 'decompose-strided-backward-data{taps-first=false}' --split-input-file | FileCheck %s
// RUN: torchlower opt %s -p 'decompose-strided-backward-data{narrow-columns=0 taps-first=false}' --split-input-file | FileCheck %s --check-prefix=WIDE
// RUN: torchlower opt %s -p 'decompose-strided-backward-data{columns-last-filter=false columns-last-output=false taps-first=false}' --split-input-file | FileCheck %s --check-prefix=ASIS
// RUN: torchlower opt %s -p decompose-strided-backward-data --split-input-file | FileCheck %s --check-prefix=TAPS

// By default the regions read dy through one transpose that puts the dims
// indexed only by reduction loops last: NCHW dy (n, f, h, w) becomes
// (n, h, w, f), X's map results move with it, and every region (interior
// or border) slices that one transposed tensor. W likewise, through one
// transpose that puts its column dim (the input channel, indexed by a
// parallel loop X's map does not use) last: (f, c, kh, kw) becomes (f,
// kh, kw, c), and each region slices its taps of it. And the f32
// gradient is assembled the same way, (n, c, h, w) as (n, h, w, c), in
// zeros of that shape, each region writing its window there, and
// transposed back once at the end. With columns-last-filter=false and
// columns-last-output=false W and the gradient keep their layouts. (9
// input channels: more than the CPU's narrow tiles take; see
// @narrow_columns.)
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[XT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d5, d3 + d6, d4)>
// CHECK-DAG:   #[[WT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d1)>
// CHECK-DAG:   #[[OT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @conv2d_3x3_s2(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x4x4xf32>, %[[W:[^:]*]]: tensor<2x9x3x3xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<1x4x4x2xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[DY]] : tensor<1x2x4x4xf32>) outs(%[[E]] : tensor<1x4x4x2xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %[[TW:.*]] = linalg.transpose ins(%[[W]] : tensor<2x9x3x3xf32>) outs(%{{.*}} : tensor<2x3x3x9xf32>) permutation = [0, 2, 3, 1]
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x7x7x9xf32>)
// CHECK:         %[[W0:.*]] = tensor.extract_slice %[[TW]][0, 0, 0, 0] [2, 2, 2, 9] [1, 2, 2, 1]
// CHECK:         %[[R0:.*]] = linalg.generic {indexing_maps = [#[[XT]], #[[WT]], #[[OT]]], {{.*}} ins(%[[T]], %[[W0]] : tensor<1x4x4x2xf32>, tensor<2x2x2x9xf32>) outs(%{{.*}} : tensor<1x3x3x9xf32>)
// CHECK:         %[[S0:.*]] = tensor.insert_slice %[[R0]] into %[[Z]][0, 2, 2, 0] [1, 3, 3, 9] [1, 2, 2, 1]
// CHECK:         %[[D1:.*]] = tensor.extract_slice %[[T]][0, 0, 0, 0] [1, 3, 4, 2] [1, 1, 1, 1]
// CHECK:         linalg.generic {indexing_maps = [#[[XT]], #[[WT]], #[[OT]]], {{.*}} ins(%[[D1]], %{{.*}} : tensor<1x3x4x2xf32>, tensor<2x1x2x9xf32>)
// The corner reads dy[0, :, 0, 0]: one position, both channels.
// CHECK:         %[[D8:.*]] = tensor.extract_slice %[[T]][0, 0, 0, 0] [1, 1, 1, 2] [1, 1, 1, 1]
// CHECK:         linalg.generic {indexing_maps = [#[[XT]], #[[WT]], #[[OT]]], {{.*}} ins(%[[D8]], %{{.*}} : tensor<1x1x1x2xf32>, tensor<2x1x1x9xf32>) outs(%{{.*}} : tensor<1x1x1x9xf32>)
// CHECK:         %[[LAST:.*]] = tensor.insert_slice
// CHECK:         %[[BACK:.*]] = linalg.transpose ins(%[[LAST]] : tensor<1x7x7x9xf32>) outs(%{{.*}} : tensor<1x9x7x7xf32>) permutation = [0, 3, 1, 2]
// By default (taps-first) every region sums its taps outer and the channel
// f inner: the loops (n, c, h, w, f, kh, kw) become (n, c, h, w, kh, kw,
// f), renumbered in every map; the iterators stay four parallel, three
// reductions.
// TAPS-DAG:    #[[XT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d4, d3 + d5, d6)>
// TAPS-DAG:    #[[WT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d6, d4, d5, d1)>
// TAPS-DAG:    #[[OT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d3, d1)>
// TAPS-LABEL:  func.func @conv2d_3x3_s2(
// TAPS:          linalg.generic {indexing_maps = [#[[XT]], #[[WT]], #[[OT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x4x4x2xf32>, tensor<2x2x2x9xf32>) outs(%{{.*}} : tensor<1x3x3x9xf32>)
// CHECK-NOT:     linalg.transpose
// CHECK:         return %[[BACK]]
// ASIS-LABEL:  func.func @conv2d_3x3_s2(
// ASIS-SAME:      %[[DY:[^:]*]]: tensor<1x2x4x4xf32>, %[[W:[^:]*]]: tensor<2x9x3x3xf32>)
// ASIS:         linalg.transpose ins(%[[DY]]
// ASIS-NOT:     linalg.transpose
// ASIS:         %[[W0:.*]] = tensor.extract_slice %[[W]][0, 0, 0, 0] [2, 9, 2, 2] [1, 1, 2, 2]
// ASIS:         linalg.generic {{.*}} ins(%{{.*}}, %[[W0]] : tensor<1x4x4x2xf32>, tensor<2x9x2x2xf32>) outs(%{{.*}} : tensor<1x9x3x3xf32>)
// ASIS-NOT:     linalg.transpose
// ASIS:         return
func.func @conv2d_3x3_s2(%dy: tensor<1x2x4x4xf32>, %w: tensor<2x9x3x3xf32>) -> tensor<1x9x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x9x9xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x9x9xf32>) -> tensor<1x2x9x9xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 2, 2] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf32> into tensor<1x2x9x9xf32>
  %2 = tensor.empty() : tensor<1x9x7x7xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x9x7x7xf32>) -> tensor<1x9x7x7xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x9x9xf32>, tensor<2x9x3x3xf32>) outs(%3 : tensor<1x9x7x7xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x9x7x7xf32>
  return %4 : tensor<1x9x7x7xf32>
}

// -----

// Grouped 1-D (n, g, f, w): only f is indexed by a bare reduction loop;
// the group dim stays in place, before the spatial one. The filter (g,
// f, c, kw) becomes (g, f, kw, c), the gradient is assembled as (n, g,
// w, c).
#x = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d3 + d5)>
#w = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d4, d2, d5)>
#o = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[XG:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3 + d5, d4)>
// CHECK-LABEL: func.func @grouped_1d(
// CHECK:         %[[T:.*]] = linalg.transpose ins(%{{.*}} : tensor<1x2x3x4xf32>) outs(%{{.*}} : tensor<1x2x4x3xf32>) permutation = [0, 1, 3, 2]
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<2x3x9x3xf32>) outs(%{{.*}} : tensor<2x3x3x9xf32>) permutation = [0, 1, 3, 2]
// CHECK:         linalg.generic {indexing_maps = [#[[XG]], {{.*}} ins(%[[T]], %{{.*}} : tensor<1x2x4x3xf32>,
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<1x2x9x9xf32>) outs(%{{.*}} : tensor<1x2x9x9xf32>) permutation = [0, 1, 3, 2]
// CHECK-NOT:     linalg.transpose
func.func @grouped_1d(%dy: tensor<1x2x3x4xf32>, %w: tensor<2x3x9x3xf32>) -> tensor<1x2x9x9xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x3x11xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x3x11xf32>) -> tensor<1x2x3x11xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 0, 2] [1, 2, 3, 4] [1, 1, 1, 2] : tensor<1x2x3x4xf32> into tensor<1x2x3x11xf32>
  %2 = tensor.empty() : tensor<1x2x9x9xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x2x9x9xf32>) -> tensor<1x2x9x9xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x3x11xf32>, tensor<2x3x9x3xf32>) outs(%3 : tensor<1x2x9x9xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x2x9x9xf32>
  return %4 : tensor<1x2x9x9xf32>
}

// -----

// dy already channels-last (NHWC-like (n, h, w, f)): no transpose (nor of
// the filter: 3 columns are narrow, see @narrow_columns).
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d5, d2 + d6, d4)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d3, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @already_last(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x4x4x2xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {{.*}} ins(%[[DY]], %{{.*}} : tensor<1x4x4x2xf32>,
// CHECK-NOT:     linalg.transpose
// CHECK:         return
func.func @already_last(%dy: tensor<1x4x4x2xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x7x7x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x9x9x2xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x9x9x2xf32>) -> tensor<1x9x9x2xf32>
  %x = tensor.insert_slice %dy into %1[0, 2, 2, 0] [1, 4, 4, 2] [1, 2, 2, 1] : tensor<1x4x4x2xf32> into tensor<1x9x9x2xf32>
  %2 = tensor.empty() : tensor<1x7x7x3xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x7x7x3xf32>) -> tensor<1x7x7x3xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x9x9x2xf32>, tensor<2x3x3x3xf32>) outs(%3 : tensor<1x7x7x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x7x7x3xf32>
  return %4 : tensor<1x7x7x3xf32>
}

// -----

// A 1x1 kernel, stride 2: one phase per dim has data, so one region reads
// each dy element once; transposing dy would only add a pass: no
// transpose.
#x = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d4, d1)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @one_region(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x4x4xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {{.*}} ins(%[[DY]], %{{.*}} : tensor<1x2x4x4xf32>, tensor<2x3xf32>) outs(%{{.*}} : tensor<1x3x4x4xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @one_region(%dy: tensor<1x2x4x4xf32>, %w: tensor<2x3xf32>) -> tensor<1x3x7x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x7x7xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 0, 0] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf32> into tensor<1x2x7x7xf32>
  %2 = tensor.empty() : tensor<1x3x7x7xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x3x7x7xf32>) -> tensor<1x3x7x7xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<1x2x7x7xf32>, tensor<2x3xf32>) outs(%3 : tensor<1x3x7x7xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x7x7xf32>
  return %4 : tensor<1x3x7x7xf32>
}

// -----

// @conv2d_3x3_s2 with 3 input channels (an image's data gradient): the
// columns (d1, the channels only W indexes) are at most 8, which the CPU
// runs with output positions in its vector lanes, reading dy's rows along
// w in place: dy stays NCHW. With narrow-columns=0 it is transposed as
// for any other width.
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[X:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
// WIDE-LABEL:  func.func @narrow_columns(
// WIDE:          linalg.transpose ins(%{{.*}} : tensor<1x2x4x4xf32>) outs(%{{.*}} : tensor<1x4x4x2xf32>) permutation = [0, 2, 3, 1]
// CHECK-LABEL: func.func @narrow_columns(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x4x4xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {indexing_maps = [#[[X]], {{.*}} ins(%[[DY]], %{{.*}} : tensor<1x2x4x4xf32>, tensor<2x3x2x2xf32>) outs(%{{.*}} : tensor<1x3x3x3xf32>)
// CHECK:         %[[D1:.*]] = tensor.extract_slice %[[DY]][0, 0, 0, 0] [1, 2, 3, 4] [1, 1, 1, 1]
// CHECK:         linalg.generic {indexing_maps = [#[[X]], {{.*}} ins(%[[D1]], %{{.*}} : tensor<1x2x3x4xf32>, tensor<2x3x1x2xf32>)
// CHECK-NOT:     linalg.transpose
// CHECK:         return
func.func @narrow_columns(%dy: tensor<1x2x4x4xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x3x7x7xf32> {
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

// A bf16 gradient: bf16 factors widened in the body, accumulated in f32,
// then truncated by a generic of its own. The f32 accumulator is
// assembled channels last as for an f32 gradient, transposed back once,
// and the truncf reads the transpose: each region's tiles write 16
// contiguous channels, and the truncation is one pass over contiguous
// memory (the CPU's converting copy). With columns-last-output=false the
// regions write the f32 gradient in its own layout.
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @bf16_gradient(
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<1x2x4x4xbf16>) outs(%{{.*}} : tensor<1x4x4x2xbf16>) permutation = [0, 2, 3, 1]
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<2x9x3x3xbf16>) outs(%{{.*}} : tensor<2x3x3x9xbf16>) permutation = [0, 2, 3, 1]
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x7x7x9xf32>)
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x4x4x2xbf16>, tensor<2x2x2x9xbf16>) outs(%{{.*}} : tensor<1x3x3x9xf32>)
// CHECK:         tensor.insert_slice %{{.*}} into %[[Z]][0, 2, 2, 0] [1, 3, 3, 9] [1, 2, 2, 1]
// CHECK:         %[[BACK:.*]] = linalg.transpose ins(%{{.*}} : tensor<1x7x7x9xf32>) outs(%{{.*}} : tensor<1x9x7x7xf32>) permutation = [0, 3, 1, 2]
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} ins(%[[BACK]] : tensor<1x9x7x7xf32>) outs(%{{.*}} : tensor<1x9x7x7xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return %[[T]]
// ASIS-LABEL:  func.func @bf16_gradient(
// ASIS:          %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x9x7x7xf32>)
// ASIS:          linalg.generic {{.*}} outs(%{{.*}} : tensor<1x9x3x3xf32>)
// ASIS:          tensor.insert_slice %{{.*}} into %[[Z]][0, 0, 2, 2] [1, 9, 3, 3] [1, 1, 2, 2]
// ASIS-NOT:      linalg.transpose
// ASIS:          arith.truncf %{{.*}} : f32 to bf16
// ASIS:          return
func.func @bf16_gradient(%dy: tensor<1x2x4x4xbf16>, %w: tensor<2x9x3x3xbf16>) -> tensor<1x9x7x7xbf16> {
  %zero = arith.constant 0.000000e+00 : bf16
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x9x9xbf16>
  %1 = linalg.fill ins(%zero : bf16) outs(%0 : tensor<1x2x9x9xbf16>) -> tensor<1x2x9x9xbf16>
  %x = tensor.insert_slice %dy into %1[0, 0, 2, 2] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xbf16> into tensor<1x2x9x9xbf16>
  %2 = tensor.empty() : tensor<1x9x7x7xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x9x7x7xf32>) -> tensor<1x9x7x7xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x9x9xbf16>, tensor<2x9x3x3xbf16>) outs(%3 : tensor<1x9x7x7xf32>) {
  ^bb0(%in: bf16, %in_0: bf16, %out: f32):
    %5 = arith.extf %in : bf16 to f32
    %6 = arith.extf %in_0 : bf16 to f32
    %7 = arith.mulf %5, %6 : f32
    %8 = arith.addf %out, %7 : f32
    linalg.yield %8 : f32
  } -> tensor<1x9x7x7xf32>
  %9 = tensor.empty() : tensor<1x9x7x7xbf16>
  %10 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : tensor<1x9x7x7xf32>) outs(%9 : tensor<1x9x7x7xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %11 = arith.truncf %in : f32 to bf16
    linalg.yield %11 : bf16
  } -> tensor<1x9x7x7xbf16>
  return %10 : tensor<1x9x7x7xbf16>
}
