// Covers: linalg.depthwise_conv_2d_nhwc_hwc and grouped linalg.conv_2d_ngchw_fgchw (MLIR 16 filter map is really G,F,C,H,W).
func.func @depthwise(%in: tensor<1x8x8x4xf32>, %w: tensor<3x3x4xf32>, %acc: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<1x8x8x4xf32>, tensor<3x3x4xf32>) outs(%acc : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

func.func @depthwise_strided(%in: tensor<1x9x9x8xf32>, %w: tensor<3x3x8xf32>, %acc: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %w : tensor<1x9x9x8xf32>, tensor<3x3x8xf32>) outs(%acc : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

func.func @grouped(%in: tensor<1x2x3x8x8xf32>, %w: tensor<2x4x3x3x3xf32>, %acc: tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32> {
  %0 = linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<1x2x3x8x8xf32>, tensor<2x4x3x3x3xf32>) outs(%acc : tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>
  return %0 : tensor<1x2x4x6x6xf32>
}
