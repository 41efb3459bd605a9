module {
  func.func @insert_tile(%arg0: tensor<8x8xf32>, %arg1: tensor<2x4xf32>) -> tensor<8x8xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[2, 4] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
    return %inserted_slice : tensor<8x8xf32>
  }
  func.func @insert_origin(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x4xf32>
    return %inserted_slice : tensor<4x4xf32>
  }
  func.func @insert_row(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>) -> tensor<3x5xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[1, 0] [1, 5] [1, 1] : tensor<5xf32> into tensor<3x5xf32>
    return %inserted_slice : tensor<3x5xf32>
  }
  func.func @concat(%arg0: tensor<2x3xf32>, %arg1: tensor<4x3xf32>) -> tensor<6x3xf32> {
    %0 = tensor.empty() : tensor<6x3xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %0[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x3xf32>
    %inserted_slice_0 = tensor.insert_slice %arg1 into %inserted_slice[2, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<6x3xf32>
    return %inserted_slice_0 : tensor<6x3xf32>
  }
}

