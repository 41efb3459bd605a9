// expand_shape / collapse_shape with static and dynamic dims (MLIR 16 syntax).

func.func @expand(%t: tensor<6x4xf32>, %u: tensor<8xf32>, %d: tensor<?x64xf32>, %s: tensor<f32>) -> (tensor<2x3x4xf32>, tensor<1x8x1xf32>, tensor<?x4x16xf32>, tensor<1x1xf32>) {
  %0 = tensor.expand_shape %t [[0, 1], [2]] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %1 = tensor.expand_shape %u [[0, 1, 2]] : tensor<8xf32> into tensor<1x8x1xf32>
  %2 = tensor.expand_shape %d [[0], [1, 2]] {tag} : tensor<?x64xf32> into tensor<?x4x16xf32>
  %3 = tensor.expand_shape %s [] : tensor<f32> into tensor<1x1xf32>
  return %0, %1, %2, %3 : tensor<2x3x4xf32>, tensor<1x8x1xf32>, tensor<?x4x16xf32>, tensor<1x1xf32>
}

// -----

func.func @expand_dynamic(%d: tensor<?x?xf32>) -> tensor<?x1x?x4xf32> {
  %0 = tensor.expand_shape %d [[0, 1], [2, 3]] : tensor<?x?xf32> into tensor<?x1x?x4xf32>
  return %0 : tensor<?x1x?x4xf32>
}

// -----

func.func @collapse(%t: tensor<2x3x4xf32>, %u: tensor<1x2x3x4xf32>, %d: tensor<?x4x16xf32>, %s: tensor<1x1xf32>, %e: tensor<?x?x4xf32>) -> (tensor<6x4xf32>, tensor<24xf32>, tensor<?x64xf32>, tensor<f32>, tensor<?xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.collapse_shape %u [[0, 1, 2, 3]] : tensor<1x2x3x4xf32> into tensor<24xf32>
  %2 = tensor.collapse_shape %d [[0], [1, 2]] : tensor<?x4x16xf32> into tensor<?x64xf32>
  %3 = tensor.collapse_shape %s [] : tensor<1x1xf32> into tensor<f32>
  %4 = tensor.collapse_shape %e [[0, 1, 2]] : tensor<?x?x4xf32> into tensor<?xf32>
  return %0, %1, %2, %3, %4 : tensor<6x4xf32>, tensor<24xf32>, tensor<?x64xf32>, tensor<f32>, tensor<?xf32>
}
