module {
  func.func @static_to_dynamic(%arg0: tensor<4x8xf32>) -> tensor<?x?xf32> {
    %cast = tensor.cast %arg0 : tensor<4x8xf32> to tensor<?x?xf32>
    return %cast : tensor<?x?xf32>
  }
  func.func @dynamic_to_static(%arg0: tensor<?x8xf32>) -> tensor<4x8xf32> {
    %cast = tensor.cast %arg0 : tensor<?x8xf32> to tensor<4x8xf32>
    return %cast : tensor<4x8xf32>
  }
  func.func @to_unranked(%arg0: tensor<2xi32>) -> tensor<*xi32> {
    %cast = tensor.cast %arg0 : tensor<2xi32> to tensor<*xi32>
    return %cast : tensor<*xi32>
  }
  func.func @from_unranked(%arg0: tensor<*xf16>) -> tensor<?x?x?xf16> {
    %cast = tensor.cast %arg0 : tensor<*xf16> to tensor<?x?x?xf16>
    return %cast : tensor<?x?x?xf16>
  }
  func.func @chain(%arg0: tensor<1x?xf32>) -> tensor<1x5xf32> {
    %cast = tensor.cast %arg0 : tensor<1x?xf32> to tensor<?x?xf32>
    %cast_0 = tensor.cast %cast : tensor<?x?xf32> to tensor<1x5xf32>
    return %cast_0 : tensor<1x5xf32>
  }
}

