module {
  func.func @conv_unit(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
    %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%arg2 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    return %0 : tensor<1x4x6x6xf32>
  }
  func.func @conv_stride2(%arg0: tensor<2x3x9x9xf32>, %arg1: tensor<8x3x3x3xf32>, %arg2: tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32> {
    %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x3x9x9xf32>, tensor<8x3x3x3xf32>) outs(%arg2 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
    return %0 : tensor<2x8x4x4xf32>
  }
  func.func @conv_asym(%arg0: tensor<1x1x11x10xf32>, %arg1: tensor<1x1x3x3xf32>, %arg2: tensor<1x1x3x8xf32>) -> tensor<1x1x3x8xf32> {
    %0 = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[3, 1]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x1x11x10xf32>, tensor<1x1x3x3xf32>) outs(%arg2 : tensor<1x1x3x8xf32>) -> tensor<1x1x3x8xf32>
    return %0 : tensor<1x1x3x8xf32>
  }
  func.func @conv_dyn_batch(%arg0: tensor<?x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32> {
    %0 = linalg.conv_2d_nchw_fchw ins(%arg0, %arg1 : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%arg2 : tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
    return %0 : tensor<?x4x6x6xf32>
  }
}

