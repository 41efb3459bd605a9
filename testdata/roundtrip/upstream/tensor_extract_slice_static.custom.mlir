module {
  func.func @static_slice(%arg0: tensor<8x16xf32>) -> tensor<4x8xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, 0] [4, 8] [1, 1] : tensor<8x16xf32> to tensor<4x8xf32>
    return %extracted_slice : tensor<4x8xf32>
  }
  func.func @offset_slice(%arg0: tensor<8x16xf32>) -> tensor<2x4xf32> {
    %extracted_slice = tensor.extract_slice %arg0[3, 5] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x4xf32>
    return %extracted_slice : tensor<2x4xf32>
  }
  func.func @strided_slice(%arg0: tensor<8x16xf32>) -> tensor<4x5xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, 1] [4, 5] [2, 3] : tensor<8x16xf32> to tensor<4x5xf32>
    return %extracted_slice : tensor<4x5xf32>
  }
  func.func @slice_4d(%arg0: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 1, 1] [1, 4, 3, 3] [1, 1, 2, 2] : tensor<1x4x6x6xf32> to tensor<1x4x3x3xf32>
    return %extracted_slice : tensor<1x4x3x3xf32>
  }
}

