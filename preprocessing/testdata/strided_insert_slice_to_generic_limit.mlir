// RUN: torchlower opt %s -p 'strided-insert-slice-to-generic{max-pass-through-elements=256}' --split-input-file | FileCheck %s

// With IREE's GPU figure as the limit: 32·64 = 2048 pass-through elements
// besides the batch (NHWC-style trailing G, C) exceed 256, untouched ...
// CHECK-LABEL: func.func @over_limit(
// CHECK:         tensor.insert_slice
// CHECK-NOT:     linalg.generic
func.func @over_limit(%src: tensor<2x3x3x32x64xf16>) -> tensor<2x7x7x32x64xf16> {
  %cst = arith.constant dense<0.000000e+00> : tensor<2x7x7x32x64xf16>
  %0 = tensor.insert_slice %src into %cst[0, 1, 1, 0, 0] [2, 3, 3, 32, 64] [1, 2, 2, 1, 1] : tensor<2x3x3x32x64xf16> into tensor<2x7x7x32x64xf16>
  return %0 : tensor<2x7x7x32x64xf16>
}

// -----

// ... while 4·8 = 32 is converted, the trailing pair collapsed.
// CHECK-LABEL: func.func @under_limit(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2], [3, 4]]
// CHECK:         linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<2x7x7x32xf16>)
// CHECK:         tensor.expand_shape
func.func @under_limit(%src: tensor<2x3x3x4x8xf16>) -> tensor<2x7x7x4x8xf16> {
  %cst = arith.constant dense<0.000000e+00> : tensor<2x7x7x4x8xf16>
  %0 = tensor.insert_slice %src into %cst[0, 1, 1, 0, 0] [2, 3, 3, 4, 8] [1, 2, 2, 1, 1] : tensor<2x3x3x4x8xf16> into tensor<2x7x7x4x8xf16>
  return %0 : tensor<2x7x7x4x8xf16>
}
