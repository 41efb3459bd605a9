// Covers: arith.constant with dense tensor values: splat/full, int/float/bool/index, rank-0 and multi-dim.
func.func @tensor_consts() -> (tensor<2x2xf32>, tensor<3xi64>, tensor<f32>, tensor<2x3xi1>, tensor<4xf16>) {
  %zeros = arith.constant dense<0.0> : tensor<2x2xf32>
  %ids = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  %scalar = arith.constant dense<1.0> : tensor<f32>
  %mask = arith.constant dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
  %halfs = arith.constant dense<[0.5, 1.0, 1.5, 2.0]> : tensor<4xf16>
  return %zeros, %ids, %scalar, %mask, %halfs : tensor<2x2xf32>, tensor<3xi64>, tensor<f32>, tensor<2x3xi1>, tensor<4xf16>
}

func.func @weights() -> (tensor<2x2x1x1xf32>, tensor<2xindex>, tensor<3xi8>, tensor<2xf64>) {
  %w = arith.constant dense<[[[[0.5]], [[-0.5]]], [[[1.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %shape = arith.constant dense<[2, 8]> : tensor<2xindex>
  %bytes = arith.constant dense<[-128, 0, 127]> : tensor<3xi8>
  %d = arith.constant dense<[0x7FF0000000000000, 1.0e-300]> : tensor<2xf64>
  return %w, %shape, %bytes, %d : tensor<2x2x1x1xf32>, tensor<2xindex>, tensor<3xi8>, tensor<2xf64>
}
