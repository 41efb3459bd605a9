"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.cmpf"(%arg0, %arg1) {predicate = 0 : i64} : (f32, f32) -> i1
    %1 = "arith.cmpf"(%arg0, %arg1) {predicate = 1 : i64} : (f32, f32) -> i1
    %2 = "arith.cmpf"(%arg0, %arg1) {predicate = 2 : i64} : (f32, f32) -> i1
    %3 = "arith.cmpf"(%arg0, %arg1) {predicate = 3 : i64} : (f32, f32) -> i1
    %4 = "arith.cmpf"(%arg0, %arg1) {predicate = 4 : i64} : (f32, f32) -> i1
    %5 = "arith.cmpf"(%arg0, %arg1) {predicate = 5 : i64} : (f32, f32) -> i1
    %6 = "arith.cmpf"(%arg0, %arg1) {predicate = 6 : i64} : (f32, f32) -> i1
    %7 = "arith.cmpf"(%arg0, %arg1) {predicate = 7 : i64} : (f32, f32) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7) : (i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  }) {function_type = (f32, f32) -> (i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpf_ordered"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f64, %arg1: f64):
    %0 = "arith.cmpf"(%arg0, %arg1) {predicate = 8 : i64} : (f64, f64) -> i1
    %1 = "arith.cmpf"(%arg0, %arg1) {predicate = 9 : i64} : (f64, f64) -> i1
    %2 = "arith.cmpf"(%arg0, %arg1) {predicate = 10 : i64} : (f64, f64) -> i1
    %3 = "arith.cmpf"(%arg0, %arg1) {predicate = 11 : i64} : (f64, f64) -> i1
    %4 = "arith.cmpf"(%arg0, %arg1) {predicate = 12 : i64} : (f64, f64) -> i1
    %5 = "arith.cmpf"(%arg0, %arg1) {predicate = 13 : i64} : (f64, f64) -> i1
    %6 = "arith.cmpf"(%arg0, %arg1) {predicate = 14 : i64} : (f64, f64) -> i1
    %7 = "arith.cmpf"(%arg0, %arg1) {predicate = 15 : i64} : (f64, f64) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7) : (i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  }) {function_type = (f64, f64) -> (i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpf_unordered"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xf16>, %arg1: tensor<2x2xf16>):
    %0 = "arith.cmpf"(%arg0, %arg1) {predicate = 2 : i64} : (tensor<2x2xf16>, tensor<2x2xf16>) -> tensor<2x2xi1>
    "func.return"(%0) : (tensor<2x2xi1>) -> ()
  }) {function_type = (tensor<2x2xf16>, tensor<2x2xf16>) -> tensor<2x2xi1>, sym_name = "cmpf_tensor"} : () -> ()
}) : () -> ()

