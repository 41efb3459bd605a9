module {
  func.func @transpose2d(%arg0: tensor<3x5xf32>) -> tensor<5x3xf32> {
    %0 = tensor.empty() : tensor<5x3xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<3x5xf32>) outs(%0 : tensor<5x3xf32>) permutation = [1, 0] 
    return %transposed : tensor<5x3xf32>
  }
  func.func @transpose_nchw_to_nhwc(%arg0: tensor<1x3x4x5xf32>, %arg1: tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32> {
    %transposed = linalg.transpose ins(%arg0 : tensor<1x3x4x5xf32>) outs(%arg1 : tensor<1x4x5x3xf32>) permutation = [0, 2, 3, 1] 
    return %transposed : tensor<1x4x5x3xf32>
  }
  func.func @broadcast_bias(%arg0: tensor<8xf32>) -> tensor<4x8xf32> {
    %0 = tensor.empty() : tensor<4x8xf32>
    %broadcasted = linalg.broadcast ins(%arg0 : tensor<8xf32>) outs(%0 : tensor<4x8xf32>) dimensions = [0] 
    return %broadcasted : tensor<4x8xf32>
  }
  func.func @broadcast_dynamic(%arg0: tensor<?xf32>, %arg1: tensor<?x2x?xf32>) -> tensor<?x2x?xf32> {
    %broadcasted = linalg.broadcast ins(%arg0 : tensor<?xf32>) outs(%arg1 : tensor<?x2x?xf32>) dimensions = [1, 2] 
    return %broadcasted : tensor<?x2x?xf32>
  }
}

