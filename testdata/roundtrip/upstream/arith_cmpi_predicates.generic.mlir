"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.cmpi"(%arg0, %arg1) {predicate = 0 : i64} : (i32, i32) -> i1
    %1 = "arith.cmpi"(%arg0, %arg1) {predicate = 1 : i64} : (i32, i32) -> i1
    %2 = "arith.cmpi"(%arg0, %arg1) {predicate = 2 : i64} : (i32, i32) -> i1
    %3 = "arith.cmpi"(%arg0, %arg1) {predicate = 3 : i64} : (i32, i32) -> i1
    %4 = "arith.cmpi"(%arg0, %arg1) {predicate = 4 : i64} : (i32, i32) -> i1
    %5 = "arith.cmpi"(%arg0, %arg1) {predicate = 5 : i64} : (i32, i32) -> i1
    %6 = "arith.cmpi"(%arg0, %arg1) {predicate = 6 : i64} : (i32, i32) -> i1
    %7 = "arith.cmpi"(%arg0, %arg1) {predicate = 7 : i64} : (i32, i32) -> i1
    %8 = "arith.cmpi"(%arg0, %arg1) {predicate = 8 : i64} : (i32, i32) -> i1
    %9 = "arith.cmpi"(%arg0, %arg1) {predicate = 9 : i64} : (i32, i32) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  }) {function_type = (i32, i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpi_all"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index, %arg1: index, %arg2: i1, %arg3: tensor<4xi64>, %arg4: tensor<4xi64>):
    %0 = "arith.cmpi"(%arg0, %arg1) {predicate = 2 : i64} : (index, index) -> i1
    %1 = "arith.cmpi"(%arg2, %arg2) {predicate = 0 : i64} : (i1, i1) -> i1
    %2 = "arith.cmpi"(%arg3, %arg4) {predicate = 5 : i64} : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    "func.return"(%0, %1, %2) : (i1, i1, tensor<4xi1>) -> ()
  }) {function_type = (index, index, i1, tensor<4xi64>, tensor<4xi64>) -> (i1, i1, tensor<4xi1>), sym_name = "cmpi_types"} : () -> ()
}) : () -> ()

