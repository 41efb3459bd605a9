module {
  func.func @bmm(%arg0: tensor<2x4x8xf32>, %arg1: tensor<2x8x3xf32>, %arg2: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
    %0 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x3xf32>) outs(%arg2 : tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    return %0 : tensor<2x4x3xf32>
  }
  func.func @bmm_dynamic(%arg0: tensor<?x?x64xf32>, %arg1: tensor<?x64x?xf32>, %arg2: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
    %0 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<?x?x64xf32>, tensor<?x64x?xf32>) outs(%arg2 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    return %0 : tensor<?x?x?xf32>
  }
  func.func @matvec(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4xf32>) -> tensor<4xf32> {
    %0 = linalg.matvec ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8xf32>) outs(%arg2 : tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @vecmat_dot(%arg0: tensor<4xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<f32>) -> (tensor<8xf32>, tensor<f32>) {
    %0 = linalg.vecmat ins(%arg0, %arg1 : tensor<4xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<8xf32>) -> tensor<8xf32>
    %1 = linalg.dot ins(%arg0, %arg0 : tensor<4xf32>, tensor<4xf32>) outs(%arg3 : tensor<f32>) -> tensor<f32>
    return %0, %1 : tensor<8xf32>, tensor<f32>
  }
}

