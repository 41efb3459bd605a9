"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.shli"(%arg0, %arg1) : (i32, i32) -> i32
    %1 = "arith.shrsi"(%arg0, %arg1) : (i32, i32) -> i32
    %2 = "arith.shrui"(%arg0, %arg1) : (i32, i32) -> i32
    "func.return"(%0, %1, %2) : (i32, i32, i32) -> ()
  }) {function_type = (i32, i32) -> (i32, i32, i32), sym_name = "shifts"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i64, %arg1: i8):
    %0 = "arith.constant"() {value = 3 : i64} : () -> i64
    %1 = "arith.constant"() {value = 1 : i8} : () -> i8
    %2 = "arith.shli"(%arg0, %0) : (i64, i64) -> i64
    %3 = "arith.shrui"(%arg1, %1) : (i8, i8) -> i8
    "func.return"(%2, %3) : (i64, i8) -> ()
  }) {function_type = (i64, i8) -> (i64, i8), sym_name = "shift_by_const"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xi16>, %arg1: tensor<2x2xi16>):
    %0 = "arith.shrsi"(%arg0, %arg1) : (tensor<2x2xi16>, tensor<2x2xi16>) -> tensor<2x2xi16>
    "func.return"(%0) : (tensor<2x2xi16>) -> ()
  }) {function_type = (tensor<2x2xi16>, tensor<2x2xi16>) -> tensor<2x2xi16>, sym_name = "tensor_shift"} : () -> ()
}) : () -> ()

