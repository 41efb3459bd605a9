"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = 0x7FC00000 : f32} : () -> f32
    %1 = "arith.constant"() {value = 0x7F800000 : f32} : () -> f32
    %2 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %3 = "arith.constant"() {value = -3.40282347E+38 : f32} : () -> f32
    %4 = "arith.constant"() {value = 0x7E00 : f16} : () -> f16
    %5 = "arith.constant"() {value = 0xFF80 : bf16} : () -> bf16
    %6 = "arith.constant"() {value = 0x7FF0000000000000 : f64} : () -> f64
    "func.return"(%0, %1, %2, %3, %4, %5, %6) : (f32, f32, f32, f32, f16, bf16, f64) -> ()
  }) {function_type = () -> (f32, f32, f32, f32, f16, bf16, f64), sym_name = "specials"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = 0.333333343 : f32} : () -> f32
    %1 = "arith.constant"() {value = 1.00000012 : f32} : () -> f32
    %2 = "arith.constant"() {value = 3.1415926535897931 : f64} : () -> f64
    %3 = "arith.constant"() {value = 0x4CEB79A3 : f32} : () -> f32
    "func.return"(%0, %1, %2, %3) : (f32, f32, f64, f32) -> ()
  }) {function_type = () -> (f32, f32, f64, f32), sym_name = "precise"} : () -> ()
}) : () -> ()

