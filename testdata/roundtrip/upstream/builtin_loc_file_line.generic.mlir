"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "arith.constant"() {value = dense<2.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32>
    %1 = "arith.mulf"(%arg0, %0) {fastmath = #arith.fastmath<none>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %2 = "arith.addf"(%1, %arg1) {fastmath = #arith.fastmath<none>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%2) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "scaled_add"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "noloc"} : () -> ()
}) : () -> ()

