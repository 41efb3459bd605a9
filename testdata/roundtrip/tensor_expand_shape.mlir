// Covers: tensor.expand_shape (MLIR 16 syntax: reassociation only, no output_shape), static and dynamic dims.
func.func @split_dim(%t: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2]] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

func.func @add_unit_dims(%t: tensor<8xf32>) -> tensor<1x8x1xf32> {
  %0 = tensor.expand_shape %t [[0, 1, 2]] : tensor<8xf32> into tensor<1x8x1xf32>
  return %0 : tensor<1x8x1xf32>
}

func.func @heads(%t: tensor<?x64xf32>) -> tensor<?x4x16xf32> {
  %0 = tensor.expand_shape %t [[0], [1, 2]] : tensor<?x64xf32> into tensor<?x4x16xf32>
  return %0 : tensor<?x4x16xf32>
}

func.func @scalar_to_1x1(%t: tensor<f32>) -> tensor<1x1xf32> {
  %0 = tensor.expand_shape %t [] : tensor<f32> into tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}
