func.func @f(%t: tensor<4x4xf32>, %x: tensor<2x3x4xf32>, %v: f32, %u: tensor<*xf32>) -> (tensor<4x4xf32>, tensor<2x3x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, index, f32, f32, tensor<3xf32>) {
  %0 = tensor.cast %t : tensor<4x4xf32> to tensor<4x4xf32>
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.expand_shape %c [[0, 1], [2]] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %2 = tensor.pad %t low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x4xf32> to tensor<4x4xf32>
  %3 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x4xf32> to tensor<4x4xf32>
  %r = tensor.rank %t : tensor<4x4xf32>
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tensor.extract %cst[%c1, %c1] : tensor<2x2xf32>
  %fe = tensor.from_elements %v, %e, %v : tensor<3xf32>
  %e2 = tensor.extract %fe[%c1] : tensor<3xf32>
  return %0, %1, %2, %3, %r, %e, %e2, %fe : tensor<4x4xf32>, tensor<2x3x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, index, f32, f32, tensor<3xf32>
}
