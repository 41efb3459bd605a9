"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i8, %arg1: i16, %arg2: i1):
    %0 = "arith.extsi"(%arg0) : (i8) -> i32
    %1 = "arith.extsi"(%arg1) : (i16) -> i64
    %2 = "arith.extui"(%arg0) : (i8) -> i32
    %3 = "arith.extui"(%arg1) : (i16) -> i64
    %4 = "arith.extui"(%arg2) : (i1) -> i8
    "func.return"(%0, %1, %2, %3, %4) : (i32, i64, i32, i64, i8) -> ()
  }) {function_type = (i8, i16, i1) -> (i32, i64, i32, i64, i8), sym_name = "ext"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i64, %arg1: i32):
    %0 = "arith.trunci"(%arg0) : (i64) -> i32
    %1 = "arith.trunci"(%arg1) : (i32) -> i8
    %2 = "arith.trunci"(%arg1) : (i32) -> i1
    %3 = "arith.trunci"(%arg0) : (i64) -> i16
    "func.return"(%0, %1, %2, %3) : (i32, i8, i1, i16) -> ()
  }) {function_type = (i64, i32) -> (i32, i8, i1, i16), sym_name = "trunc"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4xi8>):
    %0 = "arith.extsi"(%arg0) : (tensor<4xi8>) -> tensor<4xi32>
    %1 = "arith.extui"(%arg0) : (tensor<4xi8>) -> tensor<4xi32>
    "func.return"(%0, %1) : (tensor<4xi32>, tensor<4xi32>) -> ()
  }) {function_type = (tensor<4xi8>) -> (tensor<4xi32>, tensor<4xi32>), sym_name = "tensor_ext"} : () -> ()
}) : () -> ()

