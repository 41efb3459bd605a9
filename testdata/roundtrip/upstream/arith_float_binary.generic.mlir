"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %1 = "arith.subf"(%0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %2 = "arith.mulf"(%1, %arg0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %3 = "arith.divf"(%2, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %4 = "arith.remf"(%3, %arg0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%4) : (f32) -> ()
  }) {function_type = (f32, f32) -> f32, sym_name = "f32_ops"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f16, %arg1: bf16, %arg2: f64):
    %0 = "arith.addf"(%arg0, %arg0) {fastmath = #arith.fastmath<none>} : (f16, f16) -> f16
    %1 = "arith.mulf"(%arg1, %arg1) {fastmath = #arith.fastmath<none>} : (bf16, bf16) -> bf16
    %2 = "arith.divf"(%arg2, %arg2) {fastmath = #arith.fastmath<none>} : (f64, f64) -> f64
    %3 = "arith.remf"(%2, %arg2) {fastmath = #arith.fastmath<none>} : (f64, f64) -> f64
    %4 = "arith.subf"(%1, %arg1) {fastmath = #arith.fastmath<none>} : (bf16, bf16) -> bf16
    "func.return"(%0, %4, %3) : (f16, bf16, f64) -> ()
  }) {function_type = (f16, bf16, f64) -> (f16, bf16, f64), sym_name = "other_widths"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "arith.constant"() {value = 5.000000e-01 : f32} : () -> f32
    %1 = "arith.mulf"(%arg0, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %2 = "arith.addf"(%1, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%2) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "with_const"} : () -> ()
}) : () -> ()

