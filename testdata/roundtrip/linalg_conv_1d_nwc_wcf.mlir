// Covers: linalg.conv_1d_nwc_wcf with default, strided and dilated attributes (dense<..> : tensor<1xi64>).
func.func @conv1d(%in: tensor<1x10x3xf32>, %w: tensor<3x3x8xf32>) -> tensor<1x8x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x8x8xf32>
  %acc = linalg.fill ins(%cst : f32) outs(%e : tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
  %0 = linalg.conv_1d_nwc_wcf ins(%in, %w : tensor<1x10x3xf32>, tensor<3x3x8xf32>) outs(%acc : tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
  return %0 : tensor<1x8x8xf32>
}

func.func @conv1d_strided(%in: tensor<2x9x4xf32>, %w: tensor<3x4x6xf32>, %acc: tensor<2x4x6xf32>) -> tensor<2x4x6xf32> {
  %0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%in, %w : tensor<2x9x4xf32>, tensor<3x4x6xf32>) outs(%acc : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  return %0 : tensor<2x4x6xf32>
}

func.func @conv1d_dilated(%in: tensor<1x12x2xf32>, %w: tensor<3x2x2xf32>, %acc: tensor<1x8x2xf32>) -> tensor<1x8x2xf32> {
  %0 = linalg.conv_1d_nwc_wcf {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%in, %w : tensor<1x12x2xf32>, tensor<3x2x2xf32>) outs(%acc : tensor<1x8x2xf32>) -> tensor<1x8x2xf32>
  return %0 : tensor<1x8x2xf32>
}
