// Covers: tensor.empty with static shapes, dynamic sizes (operands for `?` dims), rank-0, and various element types.
func.func @static_empty() -> (tensor<2x3xf32>, tensor<f32>, tensor<4xi64>, tensor<1x2x3x4xbf16>) {
  %0 = tensor.empty() : tensor<2x3xf32>
  %1 = tensor.empty() : tensor<f32>
  %2 = tensor.empty() : tensor<4xi64>
  %3 = tensor.empty() : tensor<1x2x3x4xbf16>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<f32>, tensor<4xi64>, tensor<1x2x3x4xbf16>
}

func.func @dynamic_empty(%n: index, %m: index) -> (tensor<?xf32>, tensor<?x4x?xf16>) {
  %0 = tensor.empty(%n) : tensor<?xf32>
  %1 = tensor.empty(%n, %m) : tensor<?x4x?xf16>
  return %0, %1 : tensor<?xf32>, tensor<?x4x?xf16>
}

func.func @empty_like(%t: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x8xf32>
  %0 = tensor.empty(%d0) : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
