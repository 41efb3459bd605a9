"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: i32):
    %0 = "math.erf"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %1 = "math.absf"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %2 = "math.powf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %3 = "math.absi"(%arg2) : (i32) -> i32
    "func.return"(%0, %1, %2, %3) : (f32, f32, f32, i32) -> ()
  }) {function_type = (f32, f32, i32) -> (f32, f32, f32, i32), sym_name = "basic"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "arith.constant"() {value = 5.000000e-01 : f32} : () -> f32
    %1 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
    %2 = "arith.constant"() {value = 0.707106769 : f32} : () -> f32
    %3 = "arith.mulf"(%arg0, %2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %4 = "math.erf"(%3) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %5 = "arith.addf"(%4, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %6 = "arith.mulf"(%arg0, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %7 = "arith.mulf"(%6, %5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%7) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "gelu_exact"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f64, %arg1: f64):
    %0 = "math.powf"(%arg0, %arg1) {fastmath = #arith.fastmath<fast>} : (f64, f64) -> f64
    "func.return"(%0) : (f64) -> ()
  }) {function_type = (f64, f64) -> f64, sym_name = "pow_f64"} : () -> ()
}) : () -> ()

