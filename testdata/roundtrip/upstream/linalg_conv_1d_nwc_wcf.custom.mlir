module {
  func.func @conv1d(%arg0: tensor<1x10x3xf32>, %arg1: tensor<3x3x8xf32>) -> tensor<1x8x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x8x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
    %2 = linalg.conv_1d_nwc_wcf ins(%arg0, %arg1 : tensor<1x10x3xf32>, tensor<3x3x8xf32>) outs(%1 : tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
    return %2 : tensor<1x8x8xf32>
  }
  func.func @conv1d_strided(%arg0: tensor<2x9x4xf32>, %arg1: tensor<3x4x6xf32>, %arg2: tensor<2x4x6xf32>) -> tensor<2x4x6xf32> {
    %0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<2x9x4xf32>, tensor<3x4x6xf32>) outs(%arg2 : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
    return %0 : tensor<2x4x6xf32>
  }
  func.func @conv1d_dilated(%arg0: tensor<1x12x2xf32>, %arg1: tensor<3x2x2xf32>, %arg2: tensor<1x8x2xf32>) -> tensor<1x8x2xf32> {
    %0 = linalg.conv_1d_nwc_wcf {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%arg0, %arg1 : tensor<1x12x2xf32>, tensor<3x2x2xf32>) outs(%arg2 : tensor<1x8x2xf32>) -> tensor<1x8x2xf32>
    return %0 : tensor<1x8x2xf32>
  }
}

