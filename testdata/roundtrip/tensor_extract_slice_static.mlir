// Covers: tensor.extract_slice with all-static offsets/sizes/strides (unit and non-unit strides).
func.func @static_slice(%t: tensor<8x16xf32>) -> tensor<4x8xf32> {
  %0 = tensor.extract_slice %t[0, 0] [4, 8] [1, 1] : tensor<8x16xf32> to tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func @offset_slice(%t: tensor<8x16xf32>) -> tensor<2x4xf32> {
  %0 = tensor.extract_slice %t[3, 5] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

func.func @strided_slice(%t: tensor<8x16xf32>) -> tensor<4x5xf32> {
  %0 = tensor.extract_slice %t[0, 1] [4, 5] [2, 3] : tensor<8x16xf32> to tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

func.func @slice_4d(%t: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %0 = tensor.extract_slice %t[0, 0, 1, 1] [1, 4, 3, 3] [1, 1, 2, 2] : tensor<1x4x6x6xf32> to tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}
