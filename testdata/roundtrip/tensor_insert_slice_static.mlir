// Covers: tensor.insert_slice with static offsets/sizes and unit strides (incl. whole-tensor and rank-extending inserts).
func.func @insert_tile(%dst: tensor<8x8xf32>, %tile: tensor<2x4xf32>) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %tile into %dst[2, 4] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

func.func @insert_origin(%dst: tensor<4x4xf32>, %src: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tensor.insert_slice %src into %dst[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

func.func @insert_row(%dst: tensor<3x5xf32>, %row: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = tensor.insert_slice %row into %dst[1, 0] [1, 5] [1, 1] : tensor<5xf32> into tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

func.func @concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = tensor.empty() : tensor<6x3xf32>
  %1 = tensor.insert_slice %a into %0[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x3xf32>
  %2 = tensor.insert_slice %b into %1[2, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<6x3xf32>
  return %2 : tensor<6x3xf32>
}
