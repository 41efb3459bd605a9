// Covers: conv backward-weight generics (stride 2 NCHW and stride 1 NHWC) plus bias gradient reduction.
#x = affine_map<(f, c, kh, kw, n, oh, ow) -> (n, c, oh * 2 + kh, ow * 2 + kw)>
#dy = affine_map<(f, c, kh, kw, n, oh, ow) -> (n, f, oh, ow)>
#dw = affine_map<(f, c, kh, kw, n, oh, ow) -> (f, c, kh, kw)>
func.func @conv2d_backward_weight(%x: tensor<1x2x7x7xf32>, %dy: tensor<1x4x3x3xf32>) -> tensor<4x2x3x3xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x2x3x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
  %dw = linalg.generic {indexing_maps = [#x, #dy, #dw], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %dy : tensor<1x2x7x7xf32>, tensor<1x4x3x3xf32>) outs(%acc : tensor<4x2x3x3xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %m = arith.mulf %in, %g : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x2x3x3xf32>
  return %dw : tensor<4x2x3x3xf32>
}

func.func @conv2d_nhwc_backward_weight(%x: tensor<2x5x5x3xf32>, %dy: tensor<2x3x3x8xf32>, %acc: tensor<3x3x3x8xf32>) -> tensor<3x3x3x8xf32> {
  %dw = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5 + d0, d6 + d1, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %dy : tensor<2x5x5x3xf32>, tensor<2x3x3x8xf32>) outs(%acc : tensor<3x3x3x8xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %m = arith.mulf %in, %g : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x3x3x8xf32>
  return %dw : tensor<3x3x3x8xf32>
}

func.func @bias_grad(%dy: tensor<1x4x3x3xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %db = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction", "reduction"]} ins(%dy : tensor<1x4x3x3xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%g: f32, %out: f32):
    %s = arith.addf %out, %g : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %db : tensor<4xf32>
}
