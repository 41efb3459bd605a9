// Covers: full conv2d (stride 2) backward pass: dx via strided insert_slice + pad + flipped conv generic, dw generic, db reduce.
#dyp = affine_map<(n, c, h, w, f, kh, kw) -> (n, f, h - kh + 2, w - kw + 2)>
#wk = affine_map<(n, c, h, w, f, kh, kw) -> (f, c, kh, kw)>
#o4 = affine_map<(n, c, h, w, f, kh, kw) -> (n, c, h, w)>
#xw = affine_map<(f, c, kh, kw, n, oh, ow) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
#dyw = affine_map<(f, c, kh, kw, n, oh, ow) -> (n, f, oh, ow)>
#dw = affine_map<(f, c, kh, kw, n, oh, ow) -> (f, c, kh, kw)>
func.func @convolution_backward(%dy: tensor<1x4x3x3xf32>, %x: tensor<1x2x7x7xf32>, %w: tensor<4x2x3x3xf32>) -> (tensor<1x2x7x7xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %zeros = arith.constant dense<0.000000e+00> : tensor<1x4x5x5xf32>
  %dil = tensor.insert_slice %dy into %zeros[0, 0, 0, 0] [1, 4, 3, 3] [1, 1, 2, 2] : tensor<1x4x3x3xf32> into tensor<1x4x5x5xf32>
  %pad = tensor.pad %dil low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x4x5x5xf32> to tensor<1x4x9x9xf32>
  %dxe = tensor.empty() : tensor<1x2x7x7xf32>
  %dx0 = linalg.fill ins(%zero : f32) outs(%dxe : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
  %dx = linalg.generic {indexing_maps = [#dyp, #wk, #o4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad, %w : tensor<1x4x9x9xf32>, tensor<4x2x3x3xf32>) outs(%dx0 : tensor<1x2x7x7xf32>) {
  ^bb0(%g: f32, %k: f32, %out: f32):
    %m = arith.mulf %g, %k : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x7x7xf32>
  %dwe = tensor.empty() : tensor<4x2x3x3xf32>
  %dw0 = linalg.fill ins(%zero : f32) outs(%dwe : tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
  %dwr = linalg.generic {indexing_maps = [#xw, #dyw, #dw], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %dy : tensor<1x2x7x7xf32>, tensor<1x4x3x3xf32>) outs(%dw0 : tensor<4x2x3x3xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %m = arith.mulf %in, %g : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x2x3x3xf32>
  %dbe = tensor.empty() : tensor<4xf32>
  %db0 = linalg.fill ins(%zero : f32) outs(%dbe : tensor<4xf32>) -> tensor<4xf32>
  %dyc = tensor.collapse_shape %dy [[0, 1], [2, 3]] : tensor<1x4x3x3xf32> into tensor<4x9xf32>
  %db = linalg.reduce ins(%dyc : tensor<4x9xf32>) outs(%db0 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %dx, %dwr, %db : tensor<1x2x7x7xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>
}
