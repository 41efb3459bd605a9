module {
  func.func @maxpool(%arg0: tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<1x3x4x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
    %2 = tensor.empty() : tensor<2x2xf32>
    %3 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %2 : tensor<1x3x8x8xf32>, tensor<2x2xf32>) outs(%1 : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
    return %3 : tensor<1x3x4x4xf32>
  }
  func.func @sumpool(%arg0: tensor<2x4x6x6xf32>) -> tensor<2x4x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x4x4x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
    %2 = tensor.empty() : tensor<3x3xf32>
    %3 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %2 : tensor<2x4x6x6xf32>, tensor<3x3xf32>) outs(%1 : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
    return %3 : tensor<2x4x4x4xf32>
  }
  func.func @maxpool_nhwc(%arg0: tensor<1x4x4x2xf32>, %arg1: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
    %0 = tensor.empty() : tensor<2x2xf32>
    %1 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %0 : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%arg1 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
    return %1 : tensor<1x2x2x2xf32>
  }
}

