module {
  func.func @tensor_consts() -> (tensor<2x2xf32>, tensor<3xi64>, tensor<f32>, tensor<2x3xi1>, tensor<4xf16>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<2x2xf32>
    %cst_0 = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_2 = arith.constant dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
    %cst_3 = arith.constant dense<[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00]> : tensor<4xf16>
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : tensor<2x2xf32>, tensor<3xi64>, tensor<f32>, tensor<2x3xi1>, tensor<4xf16>
  }
  func.func @weights() -> (tensor<2x2x1x1xf32>, tensor<2xindex>, tensor<3xi8>, tensor<2xf64>) {
    %cst = arith.constant dense<[[[[5.000000e-01]], [[-5.000000e-01]]], [[[1.000000e+00]], [[2.000000e+00]]]]> : tensor<2x2x1x1xf32>
    %cst_0 = arith.constant dense<[2, 8]> : tensor<2xindex>
    %cst_1 = arith.constant dense<[-128, 0, 127]> : tensor<3xi8>
    %cst_2 = arith.constant dense<[0x7FF0000000000000, 1.000000e-300]> : tensor<2xf64>
    return %cst, %cst_0, %cst_1, %cst_2 : tensor<2x2x1x1xf32>, tensor<2xindex>, tensor<3xi8>, tensor<2xf64>
  }
}

