"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "math.ceil"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %1 = "math.floor"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %2 = "math.round"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %3 = "math.roundeven"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %4 = "math.trunc"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    "func.return"(%0, %1, %2, %3, %4) : (f32, f32, f32, f32, f32) -> ()
  }) {function_type = (f32) -> (f32, f32, f32, f32, f32), sym_name = "rounding"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f64, %arg1: f64):
    %0 = "math.copysign"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f64, f64) -> f64
    "func.return"(%0) : (f64) -> ()
  }) {function_type = (f64, f64) -> f64, sym_name = "copysign"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.divf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %1 = "math.floor"(%0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) {function_type = (f32, f32) -> f32, sym_name = "floor_div"} : () -> ()
}) : () -> ()

