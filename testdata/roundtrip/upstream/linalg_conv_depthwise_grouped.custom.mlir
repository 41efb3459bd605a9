module {
  func.func @depthwise(%arg0: tensor<1x8x8x4xf32>, %arg1: tensor<3x3x4xf32>, %arg2: tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32> {
    %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x8x8x4xf32>, tensor<3x3x4xf32>) outs(%arg2 : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
    return %0 : tensor<1x6x6x4xf32>
  }
  func.func @depthwise_strided(%arg0: tensor<1x9x9x8xf32>, %arg1: tensor<3x3x8xf32>, %arg2: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
    %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x9x9x8xf32>, tensor<3x3x8xf32>) outs(%arg2 : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
    return %0 : tensor<1x4x4x8xf32>
  }
  func.func @grouped(%arg0: tensor<1x2x3x8x8xf32>, %arg1: tensor<2x4x3x3x3xf32>, %arg2: tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32> {
    %0 = linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x2x3x8x8xf32>, tensor<2x4x3x3x3xf32>) outs(%arg2 : tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>
    return %0 : tensor<1x2x4x6x6xf32>
  }
}

