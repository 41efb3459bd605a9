// Covers: split chunks each holding one named linalg op so named-op generic forms can be compared in isolation.
// Uses --split-input-file.
func.func @fill_only(%t: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = linalg.fill ins(%cst : f32) outs(%t : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @matmul_only(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @conv_only(%in: tensor<1x1x4x4xf32>, %w: tensor<1x1x2x2xf32>, %o: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>) outs(%o : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

func.func @generic_only(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : tensor<4xf32>) {
  ^bb0(%out: f32):
    %1 = arith.mulf %out, %out : f32
    linalg.yield %1 : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
