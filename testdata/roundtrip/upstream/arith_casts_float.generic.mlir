"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f16, %arg1: bf16, %arg2: f32):
    %0 = "arith.extf"(%arg0) : (f16) -> f32
    %1 = "arith.extf"(%arg1) : (bf16) -> f32
    %2 = "arith.extf"(%arg2) : (f32) -> f64
    %3 = "arith.extf"(%arg0) : (f16) -> f64
    "func.return"(%0, %1, %2, %3) : (f32, f32, f64, f64) -> ()
  }) {function_type = (f16, bf16, f32) -> (f32, f32, f64, f64), sym_name = "ext"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f64, %arg1: f32):
    %0 = "arith.truncf"(%arg0) : (f64) -> f32
    %1 = "arith.truncf"(%arg1) : (f32) -> f16
    %2 = "arith.truncf"(%arg1) : (f32) -> bf16
    "func.return"(%0, %1, %2) : (f32, f16, bf16) -> ()
  }) {function_type = (f64, f32) -> (f32, f16, bf16), sym_name = "trunc"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x?xf16>):
    %0 = "arith.extf"(%arg0) : (tensor<2x?xf16>) -> tensor<2x?xf32>
    %1 = "arith.truncf"(%0) : (tensor<2x?xf32>) -> tensor<2x?xf16>
    "func.return"(%1) : (tensor<2x?xf16>) -> ()
  }) {function_type = (tensor<2x?xf16>) -> tensor<2x?xf16>, sym_name = "tensor_casts"} : () -> ()
}) : () -> ()

