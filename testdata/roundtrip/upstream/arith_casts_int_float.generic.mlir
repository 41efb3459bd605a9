"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i64, %arg2: i8):
    %0 = "arith.sitofp"(%arg0) : (i32) -> f32
    %1 = "arith.uitofp"(%arg1) : (i64) -> f64
    %2 = "arith.sitofp"(%arg2) : (i8) -> f16
    %3 = "arith.uitofp"(%arg0) : (i32) -> bf16
    "func.return"(%0, %1, %2, %3) : (f32, f64, f16, bf16) -> ()
  }) {function_type = (i32, i64, i8) -> (f32, f64, f16, bf16), sym_name = "int_to_float"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f64, %arg2: f16):
    %0 = "arith.fptosi"(%arg0) : (f32) -> i32
    %1 = "arith.fptoui"(%arg1) : (f64) -> i64
    %2 = "arith.fptosi"(%arg2) : (f16) -> i8
    %3 = "arith.fptoui"(%arg0) : (f32) -> i16
    "func.return"(%0, %1, %2, %3) : (i32, i64, i8, i16) -> ()
  }) {function_type = (f32, f64, f16) -> (i32, i64, i8, i16), sym_name = "float_to_int"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xi32>):
    %0 = "arith.sitofp"(%arg0) : (tensor<2x2xi32>) -> tensor<2x2xf32>
    %1 = "arith.fptoui"(%0) : (tensor<2x2xf32>) -> tensor<2x2xi32>
    "func.return"(%1) : (tensor<2x2xi32>) -> ()
  }) {function_type = (tensor<2x2xi32>) -> tensor<2x2xi32>, sym_name = "tensor_conv"} : () -> ()
}) : () -> ()

