"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.maxf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %1 = "arith.minf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%0, %1) : (f32, f32) -> ()
  }) {function_type = (f32, f32) -> (f32, f32), sym_name = "float_minmax"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f64, %arg1: f64):
    %0 = "arith.maxf"(%arg0, %arg1) {fastmath = #arith.fastmath<nnan>} : (f64, f64) -> f64
    %1 = "arith.minf"(%0, %arg1) {fastmath = #arith.fastmath<nnan,ninf>} : (f64, f64) -> f64
    "func.return"(%1) : (f64) -> ()
  }) {function_type = (f64, f64) -> f64, sym_name = "float_minmax_fastmath"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.maxsi"(%arg0, %arg1) : (i32, i32) -> i32
    %1 = "arith.minsi"(%arg0, %arg1) : (i32, i32) -> i32
    %2 = "arith.maxui"(%arg0, %arg1) : (i32, i32) -> i32
    %3 = "arith.minui"(%arg0, %arg1) : (i32, i32) -> i32
    "func.return"(%0, %1, %2, %3) : (i32, i32, i32, i32) -> ()
  }) {function_type = (i32, i32) -> (i32, i32, i32, i32), sym_name = "int_minmax"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: index, %arg2: index):
    %0 = "arith.constant"() {value = dense<0.000000e+00> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %1 = "arith.maxf"(%arg0, %0) {fastmath = #arith.fastmath<none>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "arith.minsi"(%arg1, %arg2) : (index, index) -> index
    "func.return"(%1, %2) : (tensor<2x3xf32>, index) -> ()
  }) {function_type = (tensor<2x3xf32>, index, index) -> (tensor<2x3xf32>, index), sym_name = "relu"} : () -> ()
}) : () -> ()

