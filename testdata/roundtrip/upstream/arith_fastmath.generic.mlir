"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
    %1 = "arith.subf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %2 = "arith.mulf"(%arg0, %arg1) {fastmath = #arith.fastmath<reassoc,contract>} : (f32, f32) -> f32
    %3 = "arith.divf"(%arg0, %arg1) {fastmath = #arith.fastmath<arcp>} : (f32, f32) -> f32
    %4 = "arith.remf"(%arg0, %arg1) {fastmath = #arith.fastmath<nnan,ninf,nsz>} : (f32, f32) -> f32
    %5 = "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<reassoc,contract,afn>} : (f32, f32) -> f32
    "func.return"(%0, %1, %2, %3, %4, %5) : (f32, f32, f32, f32, f32, f32) -> ()
  }) {function_type = (f32, f32) -> (f32, f32, f32, f32, f32, f32), sym_name = "fastmath_flags"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4x?xf32>, %arg1: tensor<4x?xf32>):
    %0 = "arith.mulf"(%arg0, %arg1) {fastmath = #arith.fastmath<fast>} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
    %1 = "arith.addf"(%0, %arg1) {fastmath = #arith.fastmath<fast>} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
    "func.return"(%1) : (tensor<4x?xf32>) -> ()
  }) {function_type = (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>, sym_name = "fastmath_tensor"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f64):
    %0 = "math.sqrt"(%arg0) {fastmath = #arith.fastmath<afn>} : (f64) -> f64
    %1 = "arith.negf"(%0) {fastmath = #arith.fastmath<fast>} : (f64) -> f64
    "func.return"(%0, %1) : (f64, f64) -> ()
  }) {function_type = (f64) -> (f64, f64), sym_name = "fastmath_cmp_math"} : () -> ()
}) : () -> ()

