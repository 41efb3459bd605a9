module {
  func.func @merge(%arg0: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
    return %collapsed : tensor<6x4xf32>
  }
  func.func @flatten(%arg0: tensor<1x2x3x4xf32>) -> tensor<24xf32> {
    %collapsed = tensor.collapse_shape %arg0 [[0, 1, 2, 3]] : tensor<1x2x3x4xf32> into tensor<24xf32>
    return %collapsed : tensor<24xf32>
  }
  func.func @dynamic(%arg0: tensor<?x4x16xf32>) -> tensor<?x64xf32> {
    %collapsed = tensor.collapse_shape %arg0 [[0], [1, 2]] : tensor<?x4x16xf32> into tensor<?x64xf32>
    return %collapsed : tensor<?x64xf32>
  }
  func.func @to_scalar(%arg0: tensor<1x1xf32>) -> tensor<f32> {
    %collapsed = tensor.collapse_shape %arg0 [] : tensor<1x1xf32> into tensor<f32>
    return %collapsed : tensor<f32>
  }
  func.func @drop_unit(%arg0: tensor<1x8x1xi32>) -> tensor<8xi32> {
    %collapsed = tensor.collapse_shape %arg0 [[0, 1, 2]] : tensor<1x8x1xi32> into tensor<8xi32>
    return %collapsed : tensor<8xi32>
  }
}

