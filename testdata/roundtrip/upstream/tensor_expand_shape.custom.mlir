module {
  func.func @split_dim(%arg0: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
    %expanded = tensor.expand_shape %arg0 [[0, 1], [2]] : tensor<6x4xf32> into tensor<2x3x4xf32>
    return %expanded : tensor<2x3x4xf32>
  }
  func.func @add_unit_dims(%arg0: tensor<8xf32>) -> tensor<1x8x1xf32> {
    %expanded = tensor.expand_shape %arg0 [[0, 1, 2]] : tensor<8xf32> into tensor<1x8x1xf32>
    return %expanded : tensor<1x8x1xf32>
  }
  func.func @heads(%arg0: tensor<?x64xf32>) -> tensor<?x4x16xf32> {
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2]] : tensor<?x64xf32> into tensor<?x4x16xf32>
    return %expanded : tensor<?x4x16xf32>
  }
  func.func @scalar_to_1x1(%arg0: tensor<f32>) -> tensor<1x1xf32> {
    %expanded = tensor.expand_shape %arg0 [] : tensor<f32> into tensor<1x1xf32>
    return %expanded : tensor<1x1xf32>
  }
}

