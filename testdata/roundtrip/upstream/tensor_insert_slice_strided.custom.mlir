module {
  func.func @stride2_1d(%arg0: tensor<4xf32>) -> tensor<7xf32> {
    %cst = arith.constant dense<0.000000e+00> : tensor<7xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %cst[0] [4] [2] : tensor<4xf32> into tensor<7xf32>
    return %inserted_slice : tensor<7xf32>
  }
  func.func @stride2_nchw(%arg0: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x2x5x5xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %1[0, 0, 0, 0] [1, 2, 3, 3] [1, 1, 2, 2] : tensor<1x2x3x3xf32> into tensor<1x2x5x5xf32>
    return %inserted_slice : tensor<1x2x5x5xf32>
  }
  func.func @stride3_offset(%arg0: tensor<2x3xf32>, %arg1: tensor<8x12xf32>) -> tensor<8x12xf32> {
    %inserted_slice = tensor.insert_slice %arg0 into %arg1[1, 2] [2, 3] [3, 3] : tensor<2x3xf32> into tensor<8x12xf32>
    return %inserted_slice : tensor<8x12xf32>
  }
  func.func @mixed_strides(%arg0: tensor<2x2x4xf32>, %arg1: tensor<4x6x4xf32>) -> tensor<4x6x4xf32> {
    %inserted_slice = tensor.insert_slice %arg0 into %arg1[1, 1, 0] [2, 2, 4] [2, 3, 1] : tensor<2x2x4xf32> into tensor<4x6x4xf32>
    return %inserted_slice : tensor<4x6x4xf32>
  }
  func.func @strided_nhwc(%arg0: tensor<1x2x2x8xf32>) -> tensor<1x4x4x8xf32> {
    %cst = arith.constant dense<0.000000e+00> : tensor<1x4x4x8xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %cst[0, 1, 1, 0] [1, 2, 2, 8] [1, 2, 2, 1] : tensor<1x2x2x8xf32> into tensor<1x4x4x8xf32>
    return %inserted_slice : tensor<1x4x4x8xf32>
  }
}

