"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "arith.mulf"(%arg0, %arg0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "square", sym_visibility = "private"} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "noop", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>):
    "func.return"(%arg1, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {function_type = (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>), sym_name = "swap", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>):
    "func.call"() {callee = @noop} : () -> ()
    %0 = "func.call"(%arg0) {callee = @square} : (f32) -> f32
    %1 = "func.call"(%0) {callee = @square} : (f32) -> f32
    %2:2 = "func.call"(%arg1, %arg2) {callee = @swap} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %3 = "arith.addf"(%2#0, %2#1) {fastmath = #arith.fastmath<none>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "func.return"(%1, %3) : (f32, tensor<2xf32>) -> ()
  }) {function_type = (f32, tensor<2xf32>, tensor<2xf32>) -> (f32, tensor<2xf32>), sym_name = "caller"} : () -> ()
}) : () -> ()

