module {
  func.func @tensor_math(%arg0: tensor<2x3xf32>, %arg1: tensor<?xf64>, %arg2: tensor<f32>) -> (tensor<2x3xf32>, tensor<?xf64>, tensor<f32>) {
    %0 = math.exp %arg0 : tensor<2x3xf32>
    %1 = math.tanh %0 fastmath<fast> : tensor<2x3xf32>
    %2 = math.sqrt %arg1 : tensor<?xf64>
    %3 = math.rsqrt %2 fastmath<afn> : tensor<?xf64>
    %4 = math.absf %arg2 : tensor<f32>
    return %1, %3, %4 : tensor<2x3xf32>, tensor<?xf64>, tensor<f32>
  }
  func.func @tensor_pow(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
    %0 = math.powf %arg0, %arg1 : tensor<4xf32>
    %1 = math.erf %0 : tensor<4xf32>
    %2 = math.log %1 fastmath<nnan> : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
  func.func @tensor_rounding(%arg0: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
    %0 = math.floor %arg0 : tensor<2x2xbf16>
    %1 = math.ceil %0 : tensor<2x2xbf16>
    return %1 : tensor<2x2xbf16>
  }
}

