module {
  func.func @extract_then_insert(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, 0] [4, 4] [2, 2] : tensor<8x8xf32> to tensor<4x4xf32>
    %inserted_slice = tensor.insert_slice %extracted_slice into %arg0[1, 1] [4, 4] [2, 2] : tensor<4x4xf32> into tensor<8x8xf32>
    return %inserted_slice : tensor<8x8xf32>
  }
}


// -----
module {
  func.func @dynamic_tile(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<?x?xf32> {
    %extracted_slice = tensor.extract_slice %arg0[%arg1, %arg2] [%arg3, %arg3] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %inserted_slice = tensor.insert_slice %extracted_slice into %arg0[%arg2, %arg1] [%arg3, %arg3] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
    return %inserted_slice : tensor<?x?xf32>
  }
}


// -----
module {
  func.func @reshape_pair(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
    %expanded = tensor.expand_shape %collapsed [[0, 1], [2]] : tensor<6x4xf32> into tensor<2x3x4xf32>
    return %expanded : tensor<2x3x4xf32>
  }
}

