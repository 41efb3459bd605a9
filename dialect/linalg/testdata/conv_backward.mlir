// aten.convolution_backward, data gradient, lowered the way this project
// does it: dilate dy by the stride (strided tensor.insert_slice into a
// zero-filled tensor), pad by k-1-p (plus output padding on the high
// side), then a conv-like generic with a flipped kernel: either a separate
// generic reads the filter through a flipping map, or the conv generic
// reads dy at h - kh + 2. (Putting the flip on the filter map of the conv
// generic itself leaves kh without a directly indexed extent, which
// upstream rejects; see invalid_test.go.)
#dyp = affine_map<(n, c, h, w, f, kh, kw) -> (n, f, h + kh, w + kw)>
#wk = affine_map<(n, c, h, w, f, kh, kw) -> (f, c, kh, kw)>
#dyflip = affine_map<(n, c, h, w, f, kh, kw) -> (n, f, h - kh + 2, w - kw + 2)>
#flip = affine_map<(f, c, kh, kw) -> (f, c, -kh + 2, -kw + 2)>
#id4 = affine_map<(f, c, kh, kw) -> (f, c, kh, kw)>
#dx = affine_map<(n, c, h, w, f, kh, kw) -> (n, c, h, w)>
func.func @conv2d_backward_data_s2(%dy: tensor<1x4x3x3xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x4x5x5xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
  %dil = tensor.insert_slice %dy into %z[0, 0, 0, 0] [1, 4, 3, 3] [1, 1, 2, 2] : tensor<1x4x3x3xf32> into tensor<1x4x5x5xf32>
  %pad = tensor.pad %dil low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x5x5xf32> to tensor<1x4x9x9xf32>
  %fe = tensor.empty() : tensor<4x2x3x3xf32>
  %wf = linalg.generic {indexing_maps = [#flip, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%w : tensor<4x2x3x3xf32>) outs(%fe : tensor<4x2x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x2x3x3xf32>
  %oe = tensor.empty() : tensor<1x2x7x7xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
  %dx = linalg.generic {indexing_maps = [#dyp, #wk, #dx], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad, %wf : tensor<1x4x9x9xf32>, tensor<4x2x3x3xf32>) outs(%acc : tensor<1x2x7x7xf32>) {
  ^bb0(%g: f32, %k: f32, %out: f32):
    %m = arith.mulf %g, %k : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x7x7xf32>
  return %dx : tensor<1x2x7x7xf32>
}

// Stride 2, padding 1, output padding 1: low pad 1, high pad 2.
func.func @conv2d_backward_data_s2_p1(%dy: tensor<2x4x4x4xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<2x2x8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x4x7x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x7x7xf32>) -> tensor<2x4x7x7xf32>
  %dil = tensor.insert_slice %dy into %z[0, 0, 0, 0] [2, 4, 4, 4] [1, 1, 2, 2] : tensor<2x4x4x4xf32> into tensor<2x4x7x7xf32>
  %pad = tensor.pad %dil low[0, 0, 1, 1] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x4x7x7xf32> to tensor<2x4x10x10xf32>
  %oe = tensor.empty() : tensor<2x2x8x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  %dx = linalg.generic {indexing_maps = [#dyflip, #wk, #dx], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad, %w : tensor<2x4x10x10xf32>, tensor<4x2x3x3xf32>) outs(%acc : tensor<2x2x8x8xf32>) {
  ^bb0(%g: f32, %k: f32, %out: f32):
    %m = arith.mulf %g, %k : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x2x8x8xf32>
  return %dx : tensor<2x2x8x8xf32>
}

// The weight gradient of the same convolution, and the bias gradient as a
// linalg.reduce, complete convolution_backward.
func.func @conv2d_backward_weight_bias(%x: tensor<1x2x7x7xf32>, %dy: tensor<1x4x3x3xf32>) -> (tensor<4x2x3x3xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x2x3x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
  %dw = linalg.generic {indexing_maps = [affine_map<(f, c, kh, kw, n, oh, ow) -> (n, c, oh * 2 + kh, ow * 2 + kw)>, affine_map<(f, c, kh, kw, n, oh, ow) -> (n, f, oh, ow)>, affine_map<(f, c, kh, kw, n, oh, ow) -> (f, c, kh, kw)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %dy : tensor<1x2x7x7xf32>, tensor<1x4x3x3xf32>) outs(%acc : tensor<4x2x3x3xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %m = arith.mulf %in, %g : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x2x3x3xf32>
  %be = tensor.empty() : tensor<4xf32>
  %b0 = linalg.fill ins(%zero : f32) outs(%be : tensor<4xf32>) -> tensor<4xf32>
  %dyt = linalg.transpose ins(%dy : tensor<1x4x3x3xf32>) outs(%dy : tensor<1x4x3x3xf32>) permutation = [0, 1, 2, 3]
  %db = linalg.reduce ins(%dyt : tensor<1x4x3x3xf32>) outs(%b0 : tensor<4xf32>) dimensions = [0, 2, 3]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %dw, %db : tensor<4x2x3x3xf32>, tensor<4xf32>
}
