// The data gradient of a stride-2 3x3 convolution (N=1, C=F=2, 4x4 output
// gradient, 9x9 input), the way convolution_backward lowers it: the output
// gradient is scattered with stride 2 into a zero tensor (a strided
// tensor.insert_slice), padded by K-1-p, and convolved with the flipped
// kernel. Three of every four multiplies of that convolution hit zeros;
// removing them is what torchlower's preprocessing passes are for.
// RUN: torchlower opt %s -p canonicalize,cse | FileCheck %s
// CHECK-LABEL: func.func @conv_backward_data
// CHECK:         tensor.insert_slice {{.*}} [1, 1, 2, 2]
// CHECK:         linalg.generic
// The kernel flip is carried by the gradient's map (h + 2 - kh) so that every
// loop appears as a plain dimension of some operand, which linalg needs to
// derive the loop bounds from the shapes.
#grad = affine_map<(n, c, h, w, f, kh, kw) -> (n, f, h - kh + 2, w - kw + 2)>
#wgt  = affine_map<(n, c, h, w, f, kh, kw) -> (f, c, kh, kw)>
#out  = affine_map<(n, c, h, w, f, kh, kw) -> (n, c, h, w)>
func.func @conv_backward_data(%grad_out: tensor<1x2x4x4xf32>, %weight: tensor<2x2x3x3xf32>) -> tensor<1x2x9x9xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %empty = tensor.empty() : tensor<1x2x7x7xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
  // Scatter: element (i, j) of the gradient lands at (2i, 2j).
  %scattered = tensor.insert_slice %grad_out into %zeros[0, 0, 0, 0] [1, 2, 4, 4] [1, 1, 2, 2] : tensor<1x2x4x4xf32> into tensor<1x2x7x7xf32>
  %padded = tensor.pad %scattered low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x2x7x7xf32> to tensor<1x2x11x11xf32>
  %init = tensor.empty() : tensor<1x2x9x9xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<1x2x9x9xf32>) -> tensor<1x2x9x9xf32>
  %grad_in = linalg.generic {indexing_maps = [#grad, #wgt, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%padded, %weight : tensor<1x2x11x11xf32>, tensor<2x2x3x3xf32>) outs(%acc : tensor<1x2x9x9xf32>) {
  ^bb0(%g: f32, %w: f32, %o: f32):
    %m = arith.mulf %g, %w : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x9x9xf32>
  return %grad_in : tensor<1x2x9x9xf32>
}
