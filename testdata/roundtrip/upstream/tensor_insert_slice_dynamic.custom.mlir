module {
  func.func @dyn_offset(%arg0: tensor<16x8xf32>, %arg1: tensor<4x8xf32>, %arg2: index) -> tensor<16x8xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[%arg2, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    return %inserted_slice : tensor<16x8xf32>
  }
  func.func @dyn_sizes(%arg0: tensor<?x?xf32>, %arg1: tensor<?x4xf32>, %arg2: index, %arg3: index) -> tensor<?x?xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[%arg2, %arg2] [%arg3, 4] [1, 1] : tensor<?x4xf32> into tensor<?x?xf32>
    return %inserted_slice : tensor<?x?xf32>
  }
  func.func @dyn_strided(%arg0: tensor<32xf32>, %arg1: tensor<4xf32>, %arg2: index, %arg3: index) -> tensor<32xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[%arg2] [4] [%arg3] : tensor<4xf32> into tensor<32xf32>
    return %inserted_slice : tensor<32xf32>
  }
  func.func @dyn_rank_reducing(%arg0: tensor<4x?x8xf32>, %arg1: tensor<8xf32>, %arg2: index, %arg3: index) -> tensor<4x?x8xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[%arg2, %arg3, 0] [1, 1, 8] [1, 1, 1] : tensor<8xf32> into tensor<4x?x8xf32>
    return %inserted_slice : tensor<4x?x8xf32>
  }
  func.func @dyn_strided_2d(%arg0: tensor<?x?xf32>, %arg1: tensor<2x2xf32>, %arg2: index, %arg3: index) -> tensor<?x?xf32> {
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[%arg2, 1] [2, 2] [%arg3, 2] : tensor<2x2xf32> into tensor<?x?xf32>
    return %inserted_slice : tensor<?x?xf32>
  }
}

