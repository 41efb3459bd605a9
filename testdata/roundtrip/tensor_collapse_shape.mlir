// Covers: tensor.collapse_shape with static/dynamic dims, full flatten, collapse to rank-0.
func.func @merge(%t: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

func.func @flatten(%t: tensor<1x2x3x4xf32>) -> tensor<24xf32> {
  %0 = tensor.collapse_shape %t [[0, 1, 2, 3]] : tensor<1x2x3x4xf32> into tensor<24xf32>
  return %0 : tensor<24xf32>
}

func.func @dynamic(%t: tensor<?x4x16xf32>) -> tensor<?x64xf32> {
  %0 = tensor.collapse_shape %t [[0], [1, 2]] : tensor<?x4x16xf32> into tensor<?x64xf32>
  return %0 : tensor<?x64xf32>
}

func.func @to_scalar(%t: tensor<1x1xf32>) -> tensor<f32> {
  %0 = tensor.collapse_shape %t [] : tensor<1x1xf32> into tensor<f32>
  return %0 : tensor<f32>
}

func.func @drop_unit(%t: tensor<1x8x1xi32>) -> tensor<8xi32> {
  %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<1x8x1xi32> into tensor<8xi32>
  return %0 : tensor<8xi32>
}
