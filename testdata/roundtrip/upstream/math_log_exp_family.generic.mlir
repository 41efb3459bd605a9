"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "math.log1p"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %1 = "math.expm1"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %2 = "math.log2"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %3 = "math.log10"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %4 = "math.exp2"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    "func.return"(%0, %1, %2, %3, %4) : (f32, f32, f32, f32, f32) -> ()
  }) {function_type = (f32) -> (f32, f32, f32, f32, f32), sym_name = "family"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f64):
    %0 = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (f64) -> f64
    %1 = "math.log1p"(%0) {fastmath = #arith.fastmath<none>} : (f64) -> f64
    "func.return"(%1) : (f64) -> ()
  }) {function_type = (f64) -> f64, sym_name = "softplus"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f16):
    %0 = "math.expm1"(%arg0) {fastmath = #arith.fastmath<none>} : (f16) -> f16
    "func.return"(%0) : (f16) -> ()
  }) {function_type = (f16) -> f16, sym_name = "expm1_f16"} : () -> ()
}) : () -> ()

