// RUN: torchlower opt %s -p 'decompose-strided-backward-data{reduction-last-source=false taps-first=false}' --split-input-file | FileCheck %s

// The phases and regions, with dy read in its own layout (the default
// transposes it first: decompose_strided_backward_data_layout.mlir).

// The 3x3 stride-2 data gradient as lowering emits it (NCHW, fill
// spelling, scatter offset 2 = d(K-1) - p with p = 0). Per spatial dim,
// output i reads dy[(i + k - 2)/2] at the taps k with i + k even: the even
// outputs take taps {0, 2} (phase 0), the odd ones tap 1 (phase 1). Output
// 0 would read dy[-1] at tap 0, so per dim the regions are: phase 0's
// interior (outputs 2, 4, 6; taps {0, 2}), phase 1's interior (outputs 1,
// 3, 5; tap 1), then phase 0's border (output 0; tap 2 only). The 9
// products are dense correlations over dy or slices of it, with no
// tensor.pad: the four interior x interior ones first, then the edges and
// the corner.
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv2d_3x3_s2(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x4x4xf32>, %[[W:[^:]*]]: tensor<2x3x3x3xf32>)
// CHECK-NOT:     tensor.pad
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x3x7x7xf32>)
// CHECK:         %[[W0:.*]] = tensor.extract_slice %[[W]][0, 0, 0, 0] [2, 3, 2, 2] [1, 1, 2, 2]
// CHECK:         %[[G0:.*]] = linalg.generic {{.*}} ins(%[[DY]], %[[W0]] : tensor<1x2x4x4xf32>, tensor<2x3x2x2xf32>) outs(%{{.*}} : tensor<1x3x3x3xf32>)
// CHECK:         %[[R0:.*]] = tensor.insert_slice %[[G0]] into %[[Z]][0, 0, 2, 2] [1, 3, 3, 3] [1, 1, 2, 2]
// CHECK:         %[[D1:.*]] = tensor.extract_slice %[[DY]][0, 0, 0, 0] [1, 2, 3, 4] [1, 1, 1, 1]
// CHECK:         %[[W1:.*]] = tensor.extract_slice %[[W]][0, 0, 1, 0] [2, 3, 1, 2] [1, 1, 1, 2]
// CHECK:         %[[G1:.*]] = linalg.generic {{.*}} ins(%[[D1]], %[[W1]] : tensor<1x2x3x4xf32>, tensor<2x3x1x2xf32>) outs(%{{.*}} : tensor<1x3x3x3xf32>)
// CHECK:         %[[R1:.*]] = tensor.insert_slice %[[G1]] into %[[R0]][0, 0, 1, 2] [1, 3, 3, 3] [1, 1, 2, 2]
// CHECK:         %[[R2:.*]] = tensor.insert_slice %{{.*}} into %[[R1]][0, 0, 2, 1] [1, 3, 3, 3] [1, 1, 2, 2]
// CHECK:         %[[R3:.*]] = tensor.insert_slice %{{.*}} into %[[R2]][0, 0, 1, 1] [1, 3, 3, 3] [1, 1, 2, 2]
// The edges, after all four interiors: row 0 reads only tap 2 of dy's
// first row, in both column phases; then column 0 likewise.
// CHECK:         %[[D4:.*]] = tensor.extract_slice %[[DY]][0, 0, 0, 0] [1, 2, 1, 4] [1, 1, 1, 1]
// CHECK:         %[[W4:.*]] = tensor.extract_slice %[[W]][0, 0, 2, 0] [2, 3, 1, 2] [1, 1, 1, 2]
// CHECK:         %[[G4:.*]] = linalg.generic {{.*}} ins(%[[D4]], %[[W4]] : tensor<1x2x1x4xf32>, tensor<2x3x1x2xf32>) outs(%{{.*}} : tensor<1x3x1x3xf32>)
// CHECK:         %[[R4:.*]] = tensor.insert_slice %[[G4]] into %[[R3]][0, 0, 0, 2] [1, 3, 1, 3] [1, 1, 1, 2]
// CHECK:         tensor.insert_slice %{{.*}}[0, 0, 0, 1] [1, 3, 1, 3] [1, 1, 1, 2]
// CHECK:         tensor.insert_slice %{{.*}}[0, 0, 2, 0] [1, 3, 3, 1] [1, 1, 2, 1]
// CHECK:         tensor.insert_slice %{{.*}}[0, 0, 1, 0] [1, 3, 3, 1] [1, 1, 2, 1]
// The corner: output (0, 0) reads only tap (2, 2), at dy[0, 0].
// CHECK:         %[[D8:.*]] = tensor.extract_slice %[[DY]][0, 0, 0, 0] [1, 2, 1, 1] [1, 1, 1, 1]
// CHECK:         %[[W8:.*]] = tensor.extract_slice %[[W]][0, 0, 2, 2] [2, 3, 1, 1] [1, 1, 1, 1]
// CHECK:         %[[G8:.*]] = linalg.generic {{.*}} ins(%[[D8]], %[[W8]] : tensor<1x2x1x1xf32>, tensor<2x3x1x1xf32>) outs(%{{.*}} : tensor<1x3x1x1xf32>)
// CHECK:         %[[R8:.*]] = tensor.insert_slice %[[G8]] into %{{.*}}[0, 0, 0, 0] [1, 3, 1, 1] [1, 1, 1, 1]
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     tensor.pad
// CHECK:         return %[[R8]]
func.func @conv2d_3x3_s2(%dy: tensor<1x2x4x4xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x3x7x7xf32> {
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

// 1-D, stride 3 > K = 2, offset 1, arith.constant dense<0> destination:
// output i reads data iff i + k = 1 (mod 3); phase i = 2 (mod 3) would need
// tap k = 2, which does not exist, so it is not computed (its outputs stay
// the accumulator's zeros). Phases 0 and 1 take one tap each.
#x = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @conv1d_s3_k2(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x4xf32>, %[[W:[^:]*]]: tensor<2x5x2xf32>)
// CHECK-NOT:     arith.constant dense
// CHECK-NOT:     tensor.pad
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x5x11xf32>)
// CHECK:         %[[W0:.*]] = tensor.extract_slice %[[W]][0, 0, 1] [2, 5, 1] [1, 1, 1]
// CHECK:         %[[G0:.*]] = linalg.generic {{.*}} ins(%[[DY]], %[[W0]] : tensor<1x2x4xf32>, tensor<2x5x1xf32>) outs(%{{.*}} : tensor<1x5x4xf32>)
// CHECK:         %[[R0:.*]] = tensor.insert_slice %[[G0]] into %[[Z]][0, 0, 0] [1, 5, 4] [1, 1, 3]
// CHECK:         %[[W1:.*]] = tensor.extract_slice %[[W]][0, 0, 0] [2, 5, 1] [1, 1, 1]
// CHECK:         %[[G1:.*]] = linalg.generic {{.*}} ins(%[[DY]], %[[W1]] : tensor<1x2x4xf32>, tensor<2x5x1xf32>) outs(%{{.*}} : tensor<1x5x4xf32>)
// CHECK:         %[[R1:.*]] = tensor.insert_slice %[[G1]] into %[[R0]][0, 0, 1] [1, 5, 4] [1, 1, 3]
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     tensor.insert_slice
// CHECK:         return %[[R1]]
func.func @conv1d_s3_k2(%dy: tensor<1x2x4xf32>, %w: tensor<2x5x2xf32>) -> tensor<1x5x11xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %z = arith.constant dense<0.000000e+00> : tensor<1x2x12xf32>
  %x = tensor.insert_slice %dy into %z[0, 0, 1] [1, 2, 4] [1, 1, 3] : tensor<1x2x4xf32> into tensor<1x2x12xf32>
  %2 = tensor.empty() : tensor<1x5x11xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x5x11xf32>) -> tensor<1x5x11xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x12xf32>, tensor<2x5x2xf32>) outs(%3 : tensor<1x5x11xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x5x11xf32>
  return %4 : tensor<1x5x11xf32>
}

// -----

// Interior and border regions in 1-D: dilation 2 with stride 2 (gcd 2).
// The data lies on even positions (offset 2) and i + 2k is even iff i is;
// the odd outputs have no tap at all. Even output i = 2u reads
// dy[u + k - 1] at taps k = 0, 1, 2, so u = 1, 2 (outputs 2, 4) read dy
// at every tap: the interior, the whole filter over the whole of dy, no
// slice. Output 0 reads dy[-1] at tap 0 and output 6 reads dy[4] at tap
// 2: each is a border region of its own (different tap ranges), a
// 2-tap correlation over the two rows of dy it reads. 10 MACs per (c, f)
// pair, all of them on real dy elements (the padded phase took 12).
#x = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + 2 * d4)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-DAG:   #[[XD2:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
// CHECK-LABEL: func.func @conv1d_s2_d2(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x4xf32>, %[[W:[^:]*]]: tensor<2x3x3xf32>)
// CHECK-NOT:     tensor.pad
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x3x7xf32>)
// CHECK-NOT:     tensor.extract_slice
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[XD2]], {{.*}} ins(%[[DY]], %[[W]] : tensor<1x2x4xf32>, tensor<2x3x3xf32>) outs(%{{.*}} : tensor<1x3x2xf32>)
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[G]] into %[[Z]][0, 0, 2] [1, 3, 2] [1, 1, 2]
// CHECK:         %[[DLO:.*]] = tensor.extract_slice %[[DY]][0, 0, 0] [1, 2, 2] [1, 1, 1]
// CHECK:         %[[WLO:.*]] = tensor.extract_slice %[[W]][0, 0, 1] [2, 3, 2] [1, 1, 1]
// CHECK:         %[[GLO:.*]] = linalg.generic {indexing_maps = [#[[XD2]], {{.*}} ins(%[[DLO]], %[[WLO]] : tensor<1x2x2xf32>, tensor<2x3x2xf32>) outs(%{{.*}} : tensor<1x3x1xf32>)
// CHECK:         %[[RLO:.*]] = tensor.insert_slice %[[GLO]] into %[[R]][0, 0, 0] [1, 3, 1] [1, 1, 1]
// CHECK:         %[[DHI:.*]] = tensor.extract_slice %[[DY]][0, 0, 2] [1, 2, 2] [1, 1, 1]
// CHECK:         %[[WHI:.*]] = tensor.extract_slice %[[W]][0, 0, 0] [2, 3, 2] [1, 1, 1]
// CHECK:         %[[GHI:.*]] = linalg.generic {indexing_maps = [#[[XD2]], {{.*}} ins(%[[DHI]], %[[WHI]] : tensor<1x2x2xf32>, tensor<2x3x2xf32>) outs(%{{.*}} : tensor<1x3x1xf32>)
// CHECK:         %[[RHI:.*]] = tensor.insert_slice %[[GHI]] into %[[RLO]][0, 0, 6] [1, 3, 1] [1, 1, 1]
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[RHI]]
func.func @conv1d_s2_d2(%dy: tensor<1x2x4xf32>, %w: tensor<2x3x3xf32>) -> tensor<1x3x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x11xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x11xf32>) -> tensor<1x2x11xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 2] [1, 2, 4] [1, 1, 2] : tensor<1x2x4xf32> into tensor<1x2x11xf32>
  %2 = tensor.empty() : tensor<1x3x7xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x3x7xf32>) -> tensor<1x3x7xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x11xf32>, tensor<2x3x3xf32>) outs(%3 : tensor<1x3x7xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x7xf32>
  return %4 : tensor<1x3x7xf32>
}

// -----

// Grouped 3-D, stride 2, 2x2x2 kernel, offset 1, f16 operands with an
// extf/mulf/addf body into f32: 8 phases of one tap per dim each; the
// group dim d1 is just a parallel dim.
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1, d6, d3 + d7, d4 + d8, d5 + d9)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d1, d6, d2, d7, d8, d9)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @grouped_3d(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x2x3x3x3xf16>, %[[W:[^:]*]]: tensor<2x2x3x2x2x2xf16>)
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x2x3x6x6x6xf32>)
// CHECK:         tensor.extract_slice %[[W]][0, 0, 0, 1, 1, 1] [2, 2, 3, 1, 1, 1] [1, 1, 1, 1, 1, 1]
// CHECK:         %[[G0:.*]] = linalg.generic {{.*}} ins(%[[DY]], %{{.*}} : tensor<1x2x2x3x3x3xf16>, tensor<2x2x3x1x1x1xf16>) outs(%{{.*}} : tensor<1x2x3x3x3x3xf32>)
// CHECK:           arith.extf
// CHECK:           arith.extf
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         %[[R0:.*]] = tensor.insert_slice %[[G0]] into %[[Z]][0, 0, 0, 0, 0, 0] [1, 2, 3, 3, 3, 3] [1, 1, 1, 2, 2, 2]
// CHECK-COUNT-6: tensor.insert_slice %{{.*}} [1, 2, 3, 3, 3, 3] [1, 1, 1, 2, 2, 2]
// CHECK:         tensor.extract_slice %[[W]][0, 0, 0, 0, 0, 0] [2, 2, 3, 1, 1, 1] [1, 1, 1, 1, 1, 1]
// CHECK:         %[[R7:.*]] = tensor.insert_slice %{{.*}}[0, 0, 0, 1, 1, 1] [1, 2, 3, 3, 3, 3] [1, 1, 1, 2, 2, 2]
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R7]]
func.func @grouped_3d(%dy: tensor<1x2x2x3x3x3xf16>, %w: tensor<2x2x3x2x2x2xf16>) -> tensor<1x2x3x6x6x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst16 = arith.constant 0.000000e+00 : f16
  %0 = tensor.empty() : tensor<1x2x2x7x7x7xf16>
  %1 = linalg.fill ins(%cst16 : f16) outs(%0 : tensor<1x2x2x7x7x7xf16>) -> tensor<1x2x2x7x7x7xf16>
  %x = tensor.insert_slice %dy into %1[0, 0, 0, 1, 1, 1] [1, 2, 2, 3, 3, 3] [1, 1, 1, 2, 2, 2] : tensor<1x2x2x3x3x3xf16> into tensor<1x2x2x7x7x7xf16>
  %2 = tensor.empty() : tensor<1x2x3x6x6x6xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x2x3x6x6x6xf32>) -> tensor<1x2x3x6x6x6xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x2x7x7x7xf16>, tensor<2x2x3x2x2x2xf16>) outs(%3 : tensor<1x2x3x6x6x6xf32>) {
  ^bb0(%in: f16, %in_0: f16, %out: f32):
    %a = arith.extf %in : f16 to f32
    %b = arith.extf %in_0 : f16 to f32
    %5 = arith.mulf %a, %b : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x2x3x6x6x6xf32>
  return %4 : tensor<1x2x3x6x6x6xf32>
}

// -----

// No tensor.pad: the 3x3 stride-2 padding-1 data gradient with output
// padding 1 (scatter offset 1, dy 4x4, output 8x8), where the last output
// of the odd phase (taps {0, 2}) reads one row past dy's end at tap 2.
// Per dim the regions are the even phase (outputs 0, 2, 4, 6; tap 1), the
// odd phase's interior (outputs 1, 3, 5; taps {0, 2}) and its border
// (output 7; tap 0 only, dy row 3): 9 dense correlations, each reading
// dy or a slice of it: 11 x 11 (output, tap) pairs per (c, f), where the
// padded phases took 12 x 12.
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @no_pad_past_the_end(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x4x4xf32>, %[[W:[^:]*]]: tensor<2x3x3x3xf32>)
// CHECK-NOT:     tensor.pad
// CHECK:         %[[W0:.*]] = tensor.extract_slice %[[W]][0, 0, 1, 1] [2, 3, 1, 1] [1, 1, 1, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[DY]], %[[W0]] : tensor<1x2x4x4xf32>, tensor<2x3x1x1xf32>) outs(%{{.*}} : tensor<1x3x4x4xf32>)
// CHECK:         tensor.insert_slice %{{.*}}[0, 0, 0, 0] [1, 3, 4, 4] [1, 1, 2, 2]
// CHECK-COUNT-5: linalg.generic
// CHECK:         %[[D6:.*]] = tensor.extract_slice %[[DY]][0, 0, 0, 3] [1, 2, 4, 1] [1, 1, 1, 1]
// CHECK:         %[[W6:.*]] = tensor.extract_slice %[[W]][0, 0, 1, 0] [2, 3, 1, 1] [1, 1, 1, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[D6]], %[[W6]] : tensor<1x2x4x1xf32>, tensor<2x3x1x1xf32>) outs(%{{.*}} : tensor<1x3x4x1xf32>)
// CHECK:         tensor.insert_slice %{{.*}}[0, 0, 0, 7] [1, 3, 4, 1] [1, 1, 2, 1]
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     tensor.pad
// CHECK:         return
func.func @no_pad_past_the_end(%dy: tensor<1x2x4x4xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x3x8x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %z = arith.constant dense<0.000000e+00> : tensor<1x2x10x10xf32>
  %x = tensor.insert_slice %dy into %z[0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf32> into tensor<1x2x10x10xf32>
  %2 = tensor.empty() : tensor<1x3x8x8xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x10x10xf32>, tensor<2x3x3x3xf32>) outs(%3 : tensor<1x3x8x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x8x8xf32>
  return %4 : tensor<1x3x8x8xf32>
}

// -----

// A scattered dim without a tap loop (X[i + 1]): odd output i = 2u + 1
// reads dy[u + 1], so outputs 1, 3, 5 read dy rows 1..3 (a slice, read
// through a bare map) and output 7 would read dy[4], past dy's end: it
// has no valid tap and is not computed (it keeps the destination's zero).
#x = affine_map<(d0, d1, d2) -> (d0 + 1, d2)>
#w = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[BARE:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @no_tap_loop(
// CHECK-SAME:      %[[S:[^:]*]]: tensor<4x3xf32>, %[[W:[^:]*]]: tensor<3x5xf32>)
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8x5xf32>)
// CHECK:         %[[D:.*]] = tensor.extract_slice %[[S]][1, 0] [3, 3] [1, 1]
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[BARE]], {{.*}} ins(%[[D]], %[[W]] : tensor<3x3xf32>, tensor<3x5xf32>) outs(%{{.*}} : tensor<3x5xf32>)
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[G]] into %[[Z]][1, 0] [3, 5] [2, 1]
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @no_tap_loop(%s: tensor<4x3xf32>, %w: tensor<3x5xf32>) -> tensor<8x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<9x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<9x3xf32>) -> tensor<9x3xf32>
  %x = tensor.insert_slice %s into %1[0, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<9x3xf32>
  %2 = tensor.empty() : tensor<8x5xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<8x5xf32>) -> tensor<8x5xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<9x3xf32>, tensor<3x5xf32>) outs(%3 : tensor<8x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<8x5xf32>
  return %4 : tensor<8x5xf32>
}

// -----

// A stride only on a dim of size 1: the lowering crops dy to the one
// column a strided data gradient reads (here K = 1, stride 3, padding 1 >
// d(K-1)), so the insert only pads; the correlation would still multiply
// the 4 padding columns. Only output 2 reads data (dy[0] at tap 0): one
// 1-column correlation, the other outputs keep the destination's zeros.
#x = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @stride_on_one_row(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x1xf32>, %[[W:[^:]*]]: tensor<2x3x1xf32>)
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x3x5xf32>)
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%[[DY]], %[[W]] : tensor<1x2x1xf32>, tensor<2x3x1xf32>) outs(%{{.*}} : tensor<1x3x1xf32>)
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[G]] into %[[Z]][0, 0, 2] [1, 3, 1] [1, 1, 1]
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @stride_on_one_row(%dy: tensor<1x2x1xf32>, %w: tensor<2x3x1xf32>) -> tensor<1x3x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x5xf32>) -> tensor<1x2x5xf32>
  %x = tensor.insert_slice %dy into %1[0, 0, 2] [1, 2, 1] [1, 1, 3] : tensor<1x2x1xf32> into tensor<1x2x5xf32>
  %2 = tensor.empty() : tensor<1x3x5xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x3x5xf32>) -> tensor<1x3x5xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x5xf32>, tensor<2x3x1xf32>) outs(%3 : tensor<1x3x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x5xf32>
  return %4 : tensor<1x3x5xf32>
}

// -----

// Untouched: unit strides (a padding insert, not a scatter).
#x = affine_map<(d0, d1, d2) -> (d0 + d2, d1)>
#w = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @unit_strides(
// CHECK:         %[[X:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[1, 0] [4, 3] [1, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<6x3xf32>, tensor<2x3xf32>)
func.func @unit_strides(%s: tensor<4x3xf32>, %w: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<6x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<6x3xf32>) -> tensor<6x3xf32>
  %x = tensor.insert_slice %s into %1[1, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<6x3xf32>
  %2 = tensor.empty() : tensor<5x3xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<5x3xf32>) -> tensor<5x3xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<6x3xf32>, tensor<2x3xf32>) outs(%3 : tensor<5x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<5x3xf32>
  return %4 : tensor<5x3xf32>
}

// -----

// Untouched: the destination is not zero (a function argument), and, in
// the second function, the accumulator is not zero.
#x = affine_map<(d0, d1, d2) -> (d0 + d2, d1)>
#w = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @nonzero_dest(
// CHECK:         %[[X:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [4, 3] [2, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<8x3xf32>, tensor<2x3xf32>)
func.func @nonzero_dest(%s: tensor<4x3xf32>, %d: tensor<8x3xf32>, %w: tensor<2x3xf32>) -> tensor<7x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %x = tensor.insert_slice %s into %d[0, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<8x3xf32>
  %2 = tensor.empty() : tensor<7x3xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<7x3xf32>) -> tensor<7x3xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<8x3xf32>, tensor<2x3xf32>) outs(%3 : tensor<7x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<7x3xf32>
  return %4 : tensor<7x3xf32>
}
// CHECK-LABEL: func.func @nonzero_acc(
// CHECK:         %[[X:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [4, 3] [2, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<8x3xf32>, tensor<2x3xf32>)
func.func @nonzero_acc(%s: tensor<4x3xf32>, %acc: tensor<7x3xf32>, %w: tensor<2x3xf32>) -> tensor<7x3xf32> {
  %z = arith.constant dense<0.000000e+00> : tensor<8x3xf32>
  %x = tensor.insert_slice %s into %z[0, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<8x3xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<8x3xf32>, tensor<2x3xf32>) outs(%acc : tensor<7x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<7x3xf32>
  return %4 : tensor<7x3xf32>
}

// -----

// Untouched: dynamic metadata (an SSA offset).
#x = affine_map<(d0, d1, d2) -> (d0 + d2, d1)>
#w = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @dynamic_offset(
// CHECK:         %[[X:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0] [4, 3] [2, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<8x3xf32>, tensor<2x3xf32>)
func.func @dynamic_offset(%s: tensor<4x3xf32>, %w: tensor<2x3xf32>, %off: index) -> tensor<7x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x3xf32>) -> tensor<8x3xf32>
  %x = tensor.insert_slice %s into %1[%off, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<8x3xf32>
  %2 = tensor.empty() : tensor<7x3xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<7x3xf32>) -> tensor<7x3xf32>
  %4 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<8x3xf32>, tensor<2x3xf32>) outs(%3 : tensor<7x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<7x3xf32>
  return %4 : tensor<7x3xf32>
}

// -----

// Untouched: the consumer is not a contraction (an elementwise exp), and,
// in the second function, a contraction whose map of the scattered input
// has coefficient 2 on the output dim (a strided read of the scatter, not
// i + d·k).
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @non_contraction(
// CHECK:         %[[X:.*]] = tensor.insert_slice
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : tensor<7x7xf32>)
// CHECK:           math.exp
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
#x2 = affine_map<(d0, d1, d2) -> (2 * d0 + d2, d1)>
#w2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#o2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @strided_read(
// CHECK:         %[[X:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [4, 3] [2, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<8x3xf32>, tensor<2x3xf32>)
func.func @strided_read(%s: tensor<4x3xf32>, %w: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x3xf32>) -> tensor<8x3xf32>
  %x = tensor.insert_slice %s into %1[0, 0] [4, 3] [2, 1] : tensor<4x3xf32> into tensor<8x3xf32>
  %2 = tensor.empty() : tensor<4x3xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<4x3xf32>) -> tensor<4x3xf32>
  %4 = linalg.generic {indexing_maps = [#x2, #w2, #o2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<8x3xf32>, tensor<2x3xf32>) outs(%3 : tensor<4x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<4x3xf32>
  return %4 : tensor<4x3xf32>
}
