"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "math.sin"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %1 = "math.cos"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %2 = "math.atan"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %3 = "math.atan2"(%arg1, %arg0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %4 = "math.tan"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    "func.return"(%0, %1, %2, %3, %4) : (f32, f32, f32, f32, f32) -> ()
  }) {function_type = (f32, f32) -> (f32, f32, f32, f32, f32), sym_name = "trig"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: f32):
    %0 = "math.fma"(%arg0, %arg1, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) {function_type = (f32, f32, f32) -> f32, sym_name = "fma"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.mulf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %1 = "math.cos"(%0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %2 = "math.sin"(%0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    "func.return"(%1, %2) : (f32, f32) -> ()
  }) {function_type = (f32, f32) -> (f32, f32), sym_name = "rope_angle"} : () -> ()
}) : () -> ()

