// RUN: torchlower opt %s -p erase-overwritten-fills --split-input-file | FileCheck %s

// A bf16 data gradient assembled from two phases, each truncated from its
// f32 region, that together write every element (columns 0, 2, 4 and 1,
// 3, 5): the zeros under them are never read, and the first insert goes
// into the tensor.empty.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @two_phases_cover(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4x3xf32>, %[[B:[^:]*]]: tensor<4x3xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x6xbf16>
// CHECK-NOT:     linalg.fill
// CHECK:         %[[TA:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<4x3xf32>)
// CHECK:         %[[S0:.*]] = tensor.insert_slice %[[TA]] into %[[E]][0, 0] [4, 3] [1, 2]
// CHECK:         %[[TB:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<4x3xf32>)
// CHECK:         %[[S1:.*]] = tensor.insert_slice %[[TB]] into %[[S0]][0, 1] [4, 3] [1, 2]
// CHECK:         return %[[S1]]
func.func @two_phases_cover(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x6xbf16> {
  %cst = arith.constant 0.000000e+00 : bf16
  %0 = tensor.empty() : tensor<4x6xbf16>
  %1 = linalg.fill ins(%cst : bf16) outs(%0 : tensor<4x6xbf16>) -> tensor<4x6xbf16>
  %e = tensor.empty() : tensor<4x3xbf16>
  %ta = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4x3xbf16>
  %2 = tensor.insert_slice %ta into %1[0, 0] [4, 3] [1, 2] : tensor<4x3xbf16> into tensor<4x6xbf16>
  %tb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x3xf32>) outs(%e : tensor<4x3xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4x3xbf16>
  %3 = tensor.insert_slice %tb into %2[0, 1] [4, 3] [1, 2] : tensor<4x3xbf16> into tensor<4x6xbf16>
  return %3 : tensor<4x6xbf16>
}

// -----

// Three regions of a 5x5 output, none of them whole: even rows by even
// columns (9), odd rows by every column (10), even rows by odd columns
// (6). Only with the third is every element written once.
#id4 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @three_regions_cover(
// CHECK-NOT:     linalg.fill
// CHECK:         return
func.func @three_regions_cover(%a: tensor<3x3xf32>, %b: tensor<2x5xf32>, %c: tensor<3x2xf32>) -> tensor<5x5xf16> {
  %cst = arith.constant 0.000000e+00 : f16
  %0 = tensor.empty() : tensor<5x5xf16>
  %1 = linalg.fill ins(%cst : f16) outs(%0 : tensor<5x5xf16>) -> tensor<5x5xf16>
  %ea = tensor.empty() : tensor<3x3xf16>
  %ta = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x3xf32>) outs(%ea : tensor<3x3xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<3x3xf16>
  %2 = tensor.insert_slice %ta into %1[0, 0] [3, 3] [2, 2] : tensor<3x3xf16> into tensor<5x5xf16>
  %eb = tensor.empty() : tensor<2x5xf16>
  %tb = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<2x5xf32>) outs(%eb : tensor<2x5xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<2x5xf16>
  %3 = tensor.insert_slice %tb into %2[1, 0] [2, 5] [2, 1] : tensor<2x5xf16> into tensor<5x5xf16>
  %ec = tensor.empty() : tensor<3x2xf16>
  %tc = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<3x2xf32>) outs(%ec : tensor<3x2xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<3x2xf16>
  %4 = tensor.insert_slice %tc into %3[0, 1] [3, 2] [2, 2] : tensor<3x2xf16> into tensor<5x5xf16>
  return %4 : tensor<5x5xf16>
}

// -----

// The 1x1 kernel's one phase writes a quarter of the output: the zeros
// are the result's, and the fill stays.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @holes_keep_fill(
// CHECK:         linalg.fill
// CHECK:         tensor.insert_slice
func.func @holes_keep_fill(%a: tensor<2x3xf32>) -> tensor<4x6xbf16> {
  %cst = arith.constant 0.000000e+00 : bf16
  %0 = tensor.empty() : tensor<4x6xbf16>
  %1 = linalg.fill ins(%cst : bf16) outs(%0 : tensor<4x6xbf16>) -> tensor<4x6xbf16>
  %e = tensor.empty() : tensor<2x3xbf16>
  %ta = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x3xf32>) outs(%e : tensor<2x3xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<2x3xbf16>
  %2 = tensor.insert_slice %ta into %1[0, 0] [2, 3] [2, 2] : tensor<2x3xbf16> into tensor<4x6xbf16>
  return %2 : tensor<4x6xbf16>
}

// -----

// Two windows whose sizes add up to the whole but that overlap: columns
// 0-2 and 2-4 are 12 + 12 = 24 elements, yet column 2 is written twice
// and column 5 never. The fill stays.
#id3 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @overlap_keeps_fill(
// CHECK:         linalg.fill
func.func @overlap_keeps_fill(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x6xf16> {
  %cst = arith.constant 0.000000e+00 : f16
  %0 = tensor.empty() : tensor<4x6xf16>
  %1 = linalg.fill ins(%cst : f16) outs(%0 : tensor<4x6xf16>) -> tensor<4x6xf16>
  %e = tensor.empty() : tensor<4x3xf16>
  %ta = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4x3xf16>
  %2 = tensor.insert_slice %ta into %1[0, 0] [4, 3] [1, 1] : tensor<4x3xf16> into tensor<4x6xf16>
  %tb = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x3xf32>) outs(%e : tensor<4x3xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4x3xf16>
  %3 = tensor.insert_slice %tb into %2[0, 2] [4, 3] [1, 1] : tensor<4x3xf16> into tensor<4x6xf16>
  return %3 : tensor<4x6xf16>
}

// -----

// The partly written tensor is read (returned) before the cover is
// complete: the fill's zeros show there, and it stays.
#id5 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @read_before_cover(
// CHECK:         linalg.fill
func.func @read_before_cover(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> (tensor<4x6xf16>, tensor<4x6xf16>) {
  %cst = arith.constant 0.000000e+00 : f16
  %0 = tensor.empty() : tensor<4x6xf16>
  %1 = linalg.fill ins(%cst : f16) outs(%0 : tensor<4x6xf16>) -> tensor<4x6xf16>
  %e = tensor.empty() : tensor<4x3xf16>
  %ta = linalg.generic {indexing_maps = [#id5, #id5], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4x3xf16>
  %2 = tensor.insert_slice %ta into %1[0, 0] [4, 3] [1, 2] : tensor<4x3xf16> into tensor<4x6xf16>
  %tb = linalg.generic {indexing_maps = [#id5, #id5], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x3xf32>) outs(%e : tensor<4x3xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4x3xf16>
  %3 = tensor.insert_slice %tb into %2[0, 1] [4, 3] [1, 2] : tensor<4x3xf16> into tensor<4x6xf16>
  return %2, %3 : tensor<4x6xf16>, tensor<4x6xf16>
}

// -----

// f32 regions inserted as they are (accumulations, not casts): the
// planner writes them in place and starts them from zero only under one
// fill of the whole output, so the fill stays.
#id6 = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @accumulations_keep_fill(
// CHECK:         linalg.fill {{.*}} tensor<4x6xf32>
func.func @accumulations_keep_fill(%a: tensor<4x8xf32>, %b: tensor<4x3xf32>) -> tensor<4x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %e = tensor.empty() : tensor<4x3xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#red, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%z : tensor<4x3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  %2 = tensor.insert_slice %r into %1[0, 0] [4, 3] [1, 2] : tensor<4x3xf32> into tensor<4x6xf32>
  %3 = tensor.insert_slice %b into %2[0, 1] [4, 3] [1, 2] : tensor<4x3xf32> into tensor<4x6xf32>
  return %3 : tensor<4x6xf32>
}
