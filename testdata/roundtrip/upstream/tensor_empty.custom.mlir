module {
  func.func @static_empty() -> (tensor<2x3xf32>, tensor<f32>, tensor<4xi64>, tensor<1x2x3x4xbf16>) {
    %0 = tensor.empty() : tensor<2x3xf32>
    %1 = tensor.empty() : tensor<f32>
    %2 = tensor.empty() : tensor<4xi64>
    %3 = tensor.empty() : tensor<1x2x3x4xbf16>
    return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<f32>, tensor<4xi64>, tensor<1x2x3x4xbf16>
  }
  func.func @dynamic_empty(%arg0: index, %arg1: index) -> (tensor<?xf32>, tensor<?x4x?xf16>) {
    %0 = tensor.empty(%arg0) : tensor<?xf32>
    %1 = tensor.empty(%arg0, %arg1) : tensor<?x4x?xf16>
    return %0, %1 : tensor<?xf32>, tensor<?x4x?xf16>
  }
  func.func @empty_like(%arg0: tensor<?x8xf32>) -> tensor<?x8xf32> {
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x8xf32>
    %0 = tensor.empty(%dim) : tensor<?x8xf32>
    return %0 : tensor<?x8xf32>
  }
}

