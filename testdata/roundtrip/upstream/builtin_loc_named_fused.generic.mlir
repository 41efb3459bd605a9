"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xf32>):
    %0 = "arith.constant"() {value = dense<0.000000e+00> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %1 = "arith.maxf"(%arg0, %0) {fastmath = #arith.fastmath<none>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %2 = "arith.negf"(%1) {fastmath = #arith.fastmath<none>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %3 = "arith.negf"(%2) {fastmath = #arith.fastmath<none>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %4 = "arith.addf"(%3, %1) {fastmath = #arith.fastmath<none>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    "func.return"(%4) : (tensor<2x2xf32>) -> ()
  }) {function_type = (tensor<2x2xf32>) -> tensor<2x2xf32>, sym_name = "relu"} : () -> ()
}) : () -> ()

