module {
  func.func @dyn_offsets(%arg0: tensor<8x16xf32>, %arg1: index, %arg2: index) -> tensor<4x4xf32> {
    %extracted_slice = tensor.extract_slice %arg0[%arg1, %arg2] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
    return %extracted_slice : tensor<4x4xf32>
  }
  func.func @dyn_sizes(%arg0: tensor<?x?xf32>, %arg1: index) -> tensor<?x4xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, 2] [%arg1, 4] [1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
    return %extracted_slice : tensor<?x4xf32>
  }
  func.func @dyn_strides(%arg0: tensor<64xf32>, %arg1: index, %arg2: index) -> tensor<8xf32> {
    %extracted_slice = tensor.extract_slice %arg0[%arg1] [8] [%arg2] : tensor<64xf32> to tensor<8xf32>
    return %extracted_slice : tensor<8xf32>
  }
  func.func @all_dynamic(%arg0: tensor<?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<?x?x2xf32> {
    %extracted_slice = tensor.extract_slice %arg0[%arg1, 0, %arg3] [%arg2, %arg2, 2] [1, %arg3, 1] : tensor<?x?x?xf32> to tensor<?x?x2xf32>
    return %extracted_slice : tensor<?x?x2xf32>
  }
}

