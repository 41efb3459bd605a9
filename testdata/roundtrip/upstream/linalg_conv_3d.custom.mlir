module {
  func.func @conv3d(%arg0: tensor<1x4x6x6x2xf32>, %arg1: tensor<2x3x3x2x4xf32>, %arg2: tensor<1x3x4x4x4xf32>) -> tensor<1x3x4x4x4xf32> {
    %0 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<1x4x6x6x2xf32>, tensor<2x3x3x2x4xf32>) outs(%arg2 : tensor<1x3x4x4x4xf32>) -> tensor<1x3x4x4x4xf32>
    return %0 : tensor<1x3x4x4x4xf32>
  }
  func.func @conv3d_strided(%arg0: tensor<1x5x5x5x1xf32>, %arg1: tensor<3x3x3x1x2xf32>, %arg2: tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32> {
    %0 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%arg0, %arg1 : tensor<1x5x5x5x1xf32>, tensor<3x3x3x1x2xf32>) outs(%arg2 : tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
    return %0 : tensor<1x2x2x2x2xf32>
  }
  func.func @conv3d_default(%arg0: tensor<1x3x3x3x1xf32>, %arg1: tensor<2x2x2x1x1xf32>) -> tensor<1x2x2x2x1xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x2x2x2x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x2x2x1xf32>) -> tensor<1x2x2x2x1xf32>
    %2 = linalg.conv_3d_ndhwc_dhwcf ins(%arg0, %arg1 : tensor<1x3x3x3x1xf32>, tensor<2x2x2x1x1xf32>) outs(%1 : tensor<1x2x2x2x1xf32>) -> tensor<1x2x2x2x1xf32>
    return %2 : tensor<1x2x2x2x1xf32>
  }
}

