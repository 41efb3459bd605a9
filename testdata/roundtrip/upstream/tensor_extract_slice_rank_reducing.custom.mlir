module {
  func.func @row(%arg0: tensor<4x8xf32>, %arg1: index) -> tensor<8xf32> {
    %extracted_slice = tensor.extract_slice %arg0[%arg1, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
    return %extracted_slice : tensor<8xf32>
  }
  func.func @drop_batch(%arg0: tensor<1x3x4xf32>) -> tensor<3x4xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<1x3x4xf32> to tensor<3x4xf32>
    return %extracted_slice : tensor<3x4xf32>
  }
  func.func @to_scalar_tensor(%arg0: tensor<4x4xf32>) -> tensor<f32> {
    %extracted_slice = tensor.extract_slice %arg0[2, 3] [1, 1] [1, 1] : tensor<4x4xf32> to tensor<f32>
    return %extracted_slice : tensor<f32>
  }
  func.func @middle_unit(%arg0: tensor<2x?x6xf32>, %arg1: index) -> tensor<2x6xf32> {
    %extracted_slice = tensor.extract_slice %arg0[0, %arg1, 0] [2, 1, 6] [1, 1, 1] : tensor<2x?x6xf32> to tensor<2x6xf32>
    return %extracted_slice : tensor<2x6xf32>
  }
}

