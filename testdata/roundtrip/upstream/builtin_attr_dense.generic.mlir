"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = dense<0.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32>
    %1 = "arith.constant"() {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
    %2 = "arith.constant"() {value = dense<[[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]], [[5.000000e+00, 6.000000e+00], [7.500000e+00, -8.250000e+00]]]> : tensor<2x2x2xf64>} : () -> tensor<2x2x2xf64>
    %3 = "arith.constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
    %4 = "arith.constant"() {value = dense<3.500000e+00> : tensor<f32>} : () -> tensor<f32>
    "func.return"(%0, %1, %2, %3, %4) : (tensor<4xf32>, tensor<2x3xi32>, tensor<2x2x2xf64>, tensor<3xi1>, tensor<f32>) -> ()
  }) {function_type = () -> (tensor<4xf32>, tensor<2x3xi32>, tensor<2x2x2xf64>, tensor<3xi1>, tensor<f32>), sym_name = "dense_consts"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = dense<-1> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
    %1 = "arith.constant"() {value = dense<[1.000000e+00, 5.000000e-01, 0x7C00]> : tensor<3xf16>} : () -> tensor<3xf16>
    %2 = "arith.constant"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xbf16>} : () -> tensor<2xbf16>
    %3 = "arith.constant"() {value = dense<true> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
    %4 = "arith.constant"() {value = dense<[0, 1, 2, 3]> : tensor<4xindex>} : () -> tensor<4xindex>
    %5 = "arith.constant"() {value = dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>} : () -> tensor<2xi64>
    "func.return"(%0, %1, %2, %3, %4, %5) : (tensor<2x2xi8>, tensor<3xf16>, tensor<2xbf16>, tensor<2x2xi1>, tensor<4xindex>, tensor<2xi64>) -> ()
  }) {function_type = () -> (tensor<2x2xi8>, tensor<3xf16>, tensor<2xbf16>, tensor<2x2xi1>, tensor<4xindex>, tensor<2xi64>), sym_name = "dense_more"} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), nan = dense<0x7FC00000> : tensor<2xf32>, sym_name = "dense_as_attr", w = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, z = dense<0> : tensor<0xi32>} : () -> ()
}) : () -> ()

