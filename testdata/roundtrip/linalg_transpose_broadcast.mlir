// Covers: linalg.transpose (permutation) and linalg.broadcast (dimensions), incl. dynamic shapes; MLIR 16 prints short forms.
func.func @transpose2d(%x: tensor<3x5xf32>) -> tensor<5x3xf32> {
  %init = tensor.empty() : tensor<5x3xf32>
  %0 = linalg.transpose ins(%x : tensor<3x5xf32>) outs(%init : tensor<5x3xf32>) permutation = [1, 0]
  return %0 : tensor<5x3xf32>
}

func.func @transpose_nchw_to_nhwc(%x: tensor<1x3x4x5xf32>, %init: tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32> {
  %0 = linalg.transpose ins(%x : tensor<1x3x4x5xf32>) outs(%init : tensor<1x4x5x3xf32>) permutation = [0, 2, 3, 1]
  return %0 : tensor<1x4x5x3xf32>
}

func.func @broadcast_bias(%b: tensor<8xf32>) -> tensor<4x8xf32> {
  %init = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.broadcast ins(%b : tensor<8xf32>) outs(%init : tensor<4x8xf32>) dimensions = [0]
  return %0 : tensor<4x8xf32>
}

func.func @broadcast_dynamic(%x: tensor<?xf32>, %init: tensor<?x2x?xf32>) -> tensor<?x2x?xf32> {
  %0 = linalg.broadcast ins(%x : tensor<?xf32>) outs(%init : tensor<?x2x?xf32>) dimensions = [1, 2]
  return %0 : tensor<?x2x?xf32>
}
