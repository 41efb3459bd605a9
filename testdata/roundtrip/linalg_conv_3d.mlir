// Covers: linalg.conv_3d_ndhwc_dhwcf with unit and stride-2 attrs (conv_3d_ncdhw_fcdhw does not exist in MLIR 16).
func.func @conv3d(%in: tensor<1x4x6x6x2xf32>, %w: tensor<2x3x3x2x4xf32>, %acc: tensor<1x3x4x4x4xf32>) -> tensor<1x3x4x4x4xf32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%in, %w : tensor<1x4x6x6x2xf32>, tensor<2x3x3x2x4xf32>) outs(%acc : tensor<1x3x4x4x4xf32>) -> tensor<1x3x4x4x4xf32>
  return %0 : tensor<1x3x4x4x4xf32>
}

func.func @conv3d_strided(%in: tensor<1x5x5x5x1xf32>, %w: tensor<3x3x3x1x2xf32>, %acc: tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%in, %w : tensor<1x5x5x5x1xf32>, tensor<3x3x3x1x2xf32>) outs(%acc : tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
  return %0 : tensor<1x2x2x2x2xf32>
}

func.func @conv3d_default(%in: tensor<1x3x3x3x1xf32>, %w: tensor<2x2x2x1x1xf32>) -> tensor<1x2x2x2x1xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x2x2x2x1xf32>
  %acc = linalg.fill ins(%cst : f32) outs(%e : tensor<1x2x2x2x1xf32>) -> tensor<1x2x2x2x1xf32>
  %0 = linalg.conv_3d_ndhwc_dhwcf ins(%in, %w : tensor<1x3x3x3x1xf32>, tensor<2x2x2x1x1xf32>) outs(%acc : tensor<1x2x2x2x1xf32>) -> tensor<1x2x2x2x1xf32>
  return %0 : tensor<1x2x2x2x1xf32>
}
