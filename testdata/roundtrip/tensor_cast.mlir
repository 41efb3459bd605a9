// Covers: tensor.cast between static, dynamic and unranked tensor types.
func.func @static_to_dynamic(%t: tensor<4x8xf32>) -> tensor<?x?xf32> {
  %0 = tensor.cast %t : tensor<4x8xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @dynamic_to_static(%t: tensor<?x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.cast %t : tensor<?x8xf32> to tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func @to_unranked(%t: tensor<2xi32>) -> tensor<*xi32> {
  %0 = tensor.cast %t : tensor<2xi32> to tensor<*xi32>
  return %0 : tensor<*xi32>
}

func.func @from_unranked(%t: tensor<*xf16>) -> tensor<?x?x?xf16> {
  %0 = tensor.cast %t : tensor<*xf16> to tensor<?x?x?xf16>
  return %0 : tensor<?x?x?xf16>
}

func.func @chain(%t: tensor<1x?xf32>) -> tensor<1x5xf32> {
  %0 = tensor.cast %t : tensor<1x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<1x5xf32>
  return %1 : tensor<1x5xf32>
}
