"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = true} : () -> i1
    %1 = "arith.constant"() {value = false} : () -> i1
    %2 = "arith.constant"() {value = 7 : i8} : () -> i8
    %3 = "arith.constant"() {value = -300 : i16} : () -> i16
    %4 = "arith.constant"() {value = 0 : i32} : () -> i32
    %5 = "arith.constant"() {value = 4294967296 : i64} : () -> i64
    %6 = "arith.constant"() {value = 1 : i32} : () -> i32
    "func.return"(%0, %1, %2, %3, %4, %5, %6) : (i1, i1, i8, i16, i32, i64, i32) -> ()
  }) {function_type = () -> (i1, i1, i8, i16, i32, i64, i32), sym_name = "int_consts"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = 1.500000e+00 : f16} : () -> f16
    %1 = "arith.constant"() {value = 2.500000e-01 : bf16} : () -> bf16
    %2 = "arith.constant"() {value = 1.000000e-01 : f32} : () -> f32
    %3 = "arith.constant"() {value = -1.000000e-03 : f64} : () -> f64
    %4 = "arith.constant"() {value = 1.000000e-01 : f32} : () -> f32
    "func.return"(%0, %1, %2, %3, %4) : (f16, bf16, f32, f64, f32) -> ()
  }) {function_type = () -> (f16, bf16, f32, f64, f32), sym_name = "float_consts"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = 1 : i32} : () -> i32
    %1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %2 = "arith.constant"() {value = 1 : i32} : () -> i32
    "func.return"(%0, %1, %2) : (i32, i32, i32) -> ()
  }) {function_type = () -> (i32, i32, i32), sym_name = "dup_consts"} : () -> ()
}) : () -> ()

