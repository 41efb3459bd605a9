"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
    %1 = "arith.remsi"(%arg0, %arg1) : (i32, i32) -> i32
    "func.return"(%0, %1) : (i32, i32) -> ()
  }) {function_type = (i32, i32) -> (i32, i32), sym_name = "divmod"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "arith.addf"(%arg0, %arg0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %1 = "arith.mulf"(%arg0, %arg0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%arg0, %0, %1) : (f32, f32, f32) -> ()
  }) {function_type = (f32) -> (f32, f32, f32), sym_name = "three"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32):
    %0:2 = "func.call"(%arg0, %arg1) {callee = @divmod} : (i32, i32) -> (i32, i32)
    %1 = "arith.addi"(%0#0, %0#1) : (i32, i32) -> i32
    %2:3 = "func.call"(%arg2) {callee = @three} : (f32) -> (f32, f32, f32)
    %3 = "arith.addf"(%2#1, %2#2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %4 = "tensor.from_elements"(%2#0) : (f32) -> tensor<f32>
    "func.return"(%1, %3, %4) : (i32, f32, tensor<f32>) -> ()
  }) {function_type = (i32, i32, f32) -> (i32, f32, tensor<f32>), sym_name = "use"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    "func.return"() : () -> ()
  }) {function_type = (f32) -> (), sym_name = "no_results"} : () -> ()
}) : () -> ()

