// Covers: math ops applied elementwise to ranked tensors (static/dynamic/rank-0) and with fastmath flags.
func.func @tensor_math(%t: tensor<2x3xf32>, %u: tensor<?xf64>, %s: tensor<f32>) -> (tensor<2x3xf32>, tensor<?xf64>, tensor<f32>) {
  %0 = math.exp %t : tensor<2x3xf32>
  %1 = math.tanh %0 fastmath<fast> : tensor<2x3xf32>
  %2 = math.sqrt %u : tensor<?xf64>
  %3 = math.rsqrt %2 fastmath<afn> : tensor<?xf64>
  %4 = math.absf %s : tensor<f32>
  return %1, %3, %4 : tensor<2x3xf32>, tensor<?xf64>, tensor<f32>
}

func.func @tensor_pow(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = math.powf %a, %b : tensor<4xf32>
  %1 = math.erf %0 : tensor<4xf32>
  %2 = math.log %1 fastmath<nnan> : tensor<4xf32>
  return %2 : tensor<4xf32>
}

func.func @tensor_rounding(%a: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %0 = math.floor %a : tensor<2x2xbf16>
  %1 = math.ceil %0 : tensor<2x2xbf16>
  return %1 : tensor<2x2xbf16>
}
