"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %1 = "math.log"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %2 = "math.sqrt"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %3 = "math.rsqrt"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %4 = "math.tanh"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    "func.return"(%0, %1, %2, %3, %4) : (f32, f32, f32, f32, f32) -> ()
  }) {function_type = (f32) -> (f32, f32, f32, f32, f32), sym_name = "unary_f32"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f64, %arg1: f16):
    %0 = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (f64) -> f64
    %1 = "math.tanh"(%arg1) {fastmath = #arith.fastmath<none>} : (f16) -> f16
    %2 = "math.log"(%0) {fastmath = #arith.fastmath<none>} : (f64) -> f64
    "func.return"(%0, %1, %2) : (f64, f16, f64) -> ()
  }) {function_type = (f64, f16) -> (f64, f16, f64), sym_name = "unary_other"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
    %1 = "arith.negf"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %2 = "math.exp"(%1) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %3 = "arith.addf"(%2, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %4 = "arith.divf"(%0, %3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%4) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "sigmoid"} : () -> ()
}) : () -> ()

