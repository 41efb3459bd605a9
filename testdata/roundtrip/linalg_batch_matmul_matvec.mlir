// Covers: linalg.batch_matmul, linalg.matvec (and linalg.vecmat, linalg.dot) on static/dynamic shapes.
func.func @bmm(%a: tensor<2x4x8xf32>, %b: tensor<2x8x3xf32>, %c: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x3xf32>) outs(%c : tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

func.func @bmm_dynamic(%a: tensor<?x?x64xf32>, %b: tensor<?x64x?xf32>, %c: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<?x?x64xf32>, tensor<?x64x?xf32>) outs(%c : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @matvec(%m: tensor<4x8xf32>, %v: tensor<8xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.matvec ins(%m, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%y : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @vecmat_dot(%v: tensor<4xf32>, %m: tensor<4x8xf32>, %y: tensor<8xf32>, %s: tensor<f32>) -> (tensor<8xf32>, tensor<f32>) {
  %0 = linalg.vecmat ins(%v, %m : tensor<4xf32>, tensor<4x8xf32>) outs(%y : tensor<8xf32>) -> tensor<8xf32>
  %1 = linalg.dot ins(%v, %v : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<8xf32>, tensor<f32>
}
