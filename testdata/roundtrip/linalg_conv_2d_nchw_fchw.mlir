// Covers: linalg.conv_2d_nchw_fchw (PyTorch layout) with unit, stride-2 and dilation-2 attributes, static and dynamic batch.
func.func @conv_unit(%in: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %acc: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%acc : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

func.func @conv_stride2(%in: tensor<2x3x9x9xf32>, %w: tensor<8x3x3x3xf32>, %acc: tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %w : tensor<2x3x9x9xf32>, tensor<8x3x3x3xf32>) outs(%acc : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  return %0 : tensor<2x8x4x4xf32>
}

func.func @conv_asym(%in: tensor<1x1x11x10xf32>, %w: tensor<1x1x3x3xf32>, %acc: tensor<1x1x3x8xf32>) -> tensor<1x1x3x8xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[3, 1]> : tensor<2xi64>} ins(%in, %w : tensor<1x1x11x10xf32>, tensor<1x1x3x3xf32>) outs(%acc : tensor<1x1x3x8xf32>) -> tensor<1x1x3x8xf32>
  return %0 : tensor<1x1x3x8xf32>
}

func.func @conv_dyn_batch(%in: tensor<?x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %acc: tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32> {
  %0 = linalg.conv_2d_nchw_fchw ins(%in, %w : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%acc : tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  return %0 : tensor<?x4x6x6xf32>
}
