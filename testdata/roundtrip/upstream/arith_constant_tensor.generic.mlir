"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = dense<0.000000e+00> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %1 = "arith.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
    %2 = "arith.constant"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
    %3 = "arith.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
    %4 = "arith.constant"() {value = dense<[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00]> : tensor<4xf16>} : () -> tensor<4xf16>
    "func.return"(%0, %1, %2, %3, %4) : (tensor<2x2xf32>, tensor<3xi64>, tensor<f32>, tensor<2x3xi1>, tensor<4xf16>) -> ()
  }) {function_type = () -> (tensor<2x2xf32>, tensor<3xi64>, tensor<f32>, tensor<2x3xi1>, tensor<4xf16>), sym_name = "tensor_consts"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = dense<[[[[5.000000e-01]], [[-5.000000e-01]]], [[[1.000000e+00]], [[2.000000e+00]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
    %1 = "arith.constant"() {value = dense<[2, 8]> : tensor<2xindex>} : () -> tensor<2xindex>
    %2 = "arith.constant"() {value = dense<[-128, 0, 127]> : tensor<3xi8>} : () -> tensor<3xi8>
    %3 = "arith.constant"() {value = dense<[0x7FF0000000000000, 1.000000e-300]> : tensor<2xf64>} : () -> tensor<2xf64>
    "func.return"(%0, %1, %2, %3) : (tensor<2x2x1x1xf32>, tensor<2xindex>, tensor<3xi8>, tensor<2xf64>) -> ()
  }) {function_type = () -> (tensor<2x2x1x1xf32>, tensor<2xindex>, tensor<3xi8>, tensor<2xf64>), sym_name = "weights"} : () -> ()
}) : () -> ()

