module {
  func.func @dense_consts() -> (tensor<4xf32>, tensor<2x3xi32>, tensor<2x2x2xf64>, tensor<3xi1>, tensor<f32>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<4xf32>
    %cst_0 = arith.constant dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>
    %cst_1 = arith.constant dense<[[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]], [[5.000000e+00, 6.000000e+00], [7.500000e+00, -8.250000e+00]]]> : tensor<2x2x2xf64>
    %cst_2 = arith.constant dense<[true, false, true]> : tensor<3xi1>
    %cst_3 = arith.constant dense<3.500000e+00> : tensor<f32>
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : tensor<4xf32>, tensor<2x3xi32>, tensor<2x2x2xf64>, tensor<3xi1>, tensor<f32>
  }
  func.func @dense_more() -> (tensor<2x2xi8>, tensor<3xf16>, tensor<2xbf16>, tensor<2x2xi1>, tensor<4xindex>, tensor<2xi64>) {
    %cst = arith.constant dense<-1> : tensor<2x2xi8>
    %cst_0 = arith.constant dense<[1.000000e+00, 5.000000e-01, 0x7C00]> : tensor<3xf16>
    %cst_1 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xbf16>
    %cst_2 = arith.constant dense<true> : tensor<2x2xi1>
    %cst_3 = arith.constant dense<[0, 1, 2, 3]> : tensor<4xindex>
    %cst_4 = arith.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4 : tensor<2x2xi8>, tensor<3xf16>, tensor<2xbf16>, tensor<2x2xi1>, tensor<4xindex>, tensor<2xi64>
  }
  func.func @dense_as_attr() attributes {nan = dense<0x7FC00000> : tensor<2xf32>, w = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, z = dense<0> : tensor<0xi32>} {
    return
  }
}

