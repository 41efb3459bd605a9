// Covers: conv backward-data (stride 2): strided tensor.insert_slice of dy into zeros, tensor.pad, conv-like generics with flipped-kernel maps.
#dyp = affine_map<(n, c, h, w, f, kh, kw) -> (n, f, h - kh + 2, w - kw + 2)>
#wt = affine_map<(n, c, h, w, f, kh, kw) -> (f, c, kh, kw)>
#dx = affine_map<(n, c, h, w, f, kh, kw) -> (n, c, h, w)>
func.func @conv2d_backward_data(%dy: tensor<1x4x3x3xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x4x5x5xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
  %dil = tensor.insert_slice %dy into %z[0, 0, 0, 0] [1, 4, 3, 3] [1, 1, 2, 2] : tensor<1x4x3x3xf32> into tensor<1x4x5x5xf32>
  %pad = tensor.pad %dil low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x5x5xf32> to tensor<1x4x9x9xf32>
  %oe = tensor.empty() : tensor<1x2x7x7xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
  %dx = linalg.generic {indexing_maps = [#dyp, #wt, #dx], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad, %w : tensor<1x4x9x9xf32>, tensor<4x2x3x3xf32>) outs(%acc : tensor<1x2x7x7xf32>) {
  ^bb0(%g: f32, %k: f32, %out: f32):
    %m = arith.mulf %g, %k : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x7x7xf32>
  return %dx : tensor<1x2x7x7xf32>
}

func.func @conv1d_backward_data(%dy: tensor<1x2x4xf32>, %w: tensor<2x1x3xf32>) -> tensor<1x1x9xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %z = arith.constant dense<0.000000e+00> : tensor<1x2x7xf32>
  %dil = tensor.insert_slice %dy into %z[0, 0, 0] [1, 2, 4] [1, 1, 2] : tensor<1x2x4xf32> into tensor<1x2x7xf32>
  %pad = tensor.pad %dil low[0, 0, 2] high[0, 0, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index):
    tensor.yield %zero : f32
  } : tensor<1x2x7xf32> to tensor<1x2x11xf32>
  %fe = tensor.empty() : tensor<2x1x3xf32>
  %wf = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 2 - d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<2x1x3xf32>) outs(%fe : tensor<2x1x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x1x3xf32>
  %acc = arith.constant dense<0.000000e+00> : tensor<1x1x9xf32>
  %dx = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%pad, %wf : tensor<1x2x11xf32>, tensor<2x1x3xf32>) outs(%acc : tensor<1x1x9xf32>) {
  ^bb0(%g: f32, %k: f32, %out: f32):
    %m = arith.mulf %g, %k : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x1x9xf32>
  return %dx : tensor<1x1x9xf32>
}
