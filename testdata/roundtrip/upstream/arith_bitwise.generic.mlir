"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.andi"(%arg0, %arg1) : (i32, i32) -> i32
    %1 = "arith.ori"(%arg0, %arg1) : (i32, i32) -> i32
    %2 = "arith.xori"(%arg0, %arg1) : (i32, i32) -> i32
    "func.return"(%0, %1, %2) : (i32, i32, i32) -> ()
  }) {function_type = (i32, i32) -> (i32, i32, i32), sym_name = "bitwise"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i1, %arg1: i1):
    %0 = "arith.constant"() {value = true} : () -> i1
    %1 = "arith.andi"(%arg0, %arg1) : (i1, i1) -> i1
    %2 = "arith.ori"(%arg0, %arg1) : (i1, i1) -> i1
    %3 = "arith.xori"(%arg0, %0) : (i1, i1) -> i1
    "func.return"(%1, %2, %3) : (i1, i1, i1) -> ()
  }) {function_type = (i1, i1) -> (i1, i1, i1), sym_name = "logical"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i8, %arg1: i64, %arg2: index, %arg3: tensor<3xi16>):
    %0 = "arith.constant"() {value = -1 : i8} : () -> i8
    %1 = "arith.xori"(%arg0, %0) : (i8, i8) -> i8
    %2 = "arith.andi"(%arg1, %arg1) : (i64, i64) -> i64
    %3 = "arith.ori"(%arg2, %arg2) : (index, index) -> index
    %4 = "arith.andi"(%arg3, %arg3) : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
    "func.return"(%1, %2, %3, %4) : (i8, i64, index, tensor<3xi16>) -> ()
  }) {function_type = (i8, i64, index, tensor<3xi16>) -> (i8, i64, index, tensor<3xi16>), sym_name = "other"} : () -> ()
}) : () -> ()

