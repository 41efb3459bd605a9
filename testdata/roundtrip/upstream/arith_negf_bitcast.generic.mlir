"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: tensor<4xf64>):
    %0 = "arith.negf"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    %1 = "arith.negf"(%arg1) {fastmath = #arith.fastmath<none>} : (tensor<4xf64>) -> tensor<4xf64>
    %2 = "arith.negf"(%arg0) {fastmath = #arith.fastmath<nsz>} : (f32) -> f32
    "func.return"(%0, %1, %2) : (f32, tensor<4xf64>, f32) -> ()
  }) {function_type = (f32, tensor<4xf64>) -> (f32, tensor<4xf64>, f32), sym_name = "neg"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: i64, %arg2: f16, %arg3: bf16):
    %0 = "arith.bitcast"(%arg0) : (f32) -> i32
    %1 = "arith.bitcast"(%arg1) : (i64) -> f64
    %2 = "arith.bitcast"(%arg2) : (f16) -> i16
    %3 = "arith.bitcast"(%arg3) : (bf16) -> f16
    "func.return"(%0, %1, %2, %3) : (i32, f64, i16, f16) -> ()
  }) {function_type = (f32, i64, f16, bf16) -> (i32, f64, i16, f16), sym_name = "bitcasts"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xf32>):
    %0 = "arith.bitcast"(%arg0) : (tensor<2x2xf32>) -> tensor<2x2xi32>
    "func.return"(%0) : (tensor<2x2xi32>) -> ()
  }) {function_type = (tensor<2x2xf32>) -> tensor<2x2xi32>, sym_name = "tensor_bitcast"} : () -> ()
}) : () -> ()

