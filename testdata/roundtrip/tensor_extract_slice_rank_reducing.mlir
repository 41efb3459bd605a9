// Covers: rank-reducing tensor.extract_slice (dropping unit dims) with static and dynamic offsets.
func.func @row(%t: tensor<4x8xf32>, %r: index) -> tensor<8xf32> {
  %0 = tensor.extract_slice %t[%r, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @drop_batch(%t: tensor<1x3x4xf32>) -> tensor<3x4xf32> {
  %0 = tensor.extract_slice %t[0, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<1x3x4xf32> to tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @to_scalar_tensor(%t: tensor<4x4xf32>) -> tensor<f32> {
  %0 = tensor.extract_slice %t[2, 3] [1, 1] [1, 1] : tensor<4x4xf32> to tensor<f32>
  return %0 : tensor<f32>
}

func.func @middle_unit(%t: tensor<2x?x6xf32>, %k: index) -> tensor<2x6xf32> {
  %0 = tensor.extract_slice %t[0, %k, 0] [2, 1, 6] [1, 1, 1] : tensor<2x?x6xf32> to tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}
