"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<?xf64>, %arg2: tensor<f32>):
    %0 = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "math.tanh"(%0) {fastmath = #arith.fastmath<fast>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "math.sqrt"(%arg1) {fastmath = #arith.fastmath<none>} : (tensor<?xf64>) -> tensor<?xf64>
    %3 = "math.rsqrt"(%2) {fastmath = #arith.fastmath<afn>} : (tensor<?xf64>) -> tensor<?xf64>
    %4 = "math.absf"(%arg2) {fastmath = #arith.fastmath<none>} : (tensor<f32>) -> tensor<f32>
    "func.return"(%1, %3, %4) : (tensor<2x3xf32>, tensor<?xf64>, tensor<f32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<?xf64>, tensor<f32>) -> (tensor<2x3xf32>, tensor<?xf64>, tensor<f32>), sym_name = "tensor_math"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "math.powf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "math.erf"(%0) {fastmath = #arith.fastmath<none>} : (tensor<4xf32>) -> tensor<4xf32>
    %2 = "math.log"(%1) {fastmath = #arith.fastmath<nnan>} : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%2) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "tensor_pow"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xbf16>):
    %0 = "math.floor"(%arg0) {fastmath = #arith.fastmath<none>} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    %1 = "math.ceil"(%0) {fastmath = #arith.fastmath<none>} : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
    "func.return"(%1) : (tensor<2x2xbf16>) -> ()
  }) {function_type = (tensor<2x2xbf16>) -> tensor<2x2xbf16>, sym_name = "tensor_rounding"} : () -> ()
}) : () -> ()

