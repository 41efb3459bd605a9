"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {f.b = 3.000000e+00 : bf16, f.big = 1.000000e+30 : f32, f.binf = 0x7F80 : bf16, f.d = 3.1415926535897931 : f64, f.default = 2.000000e+00 : f64, f.dnan = 0x7FF8000000000000 : f64, f.h = 5.000000e-01 : f16, f.hinf = 0x7C00 : f16, f.inf = 0x7F800000 : f32, f.nan = 0x7FC00000 : f32, f.neg = -2.500000e+00 : f32, f.ninf = 0xFF800000 : f32, f.one = 1.000000e+00 : f32, f.small = 1.500000e-07 : f32, f.tenth = 1.000000e-01 : f32, function_type = () -> (), sym_name = "float_attrs"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = 6.550400e+04 : f16} : () -> f16
    %1 = "arith.constant"() {value = -1.000000e+00 : bf16} : () -> bf16
    %2 = "arith.constant"() {value = 0x7FC00000 : f32} : () -> f32
    %3 = "arith.constant"() {value = 0x7F800000 : f32} : () -> f32
    %4 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %5 = "arith.constant"() {value = 2.7182818284590451 : f64} : () -> f64
    "func.return"(%0, %1, %2, %3, %4, %5) : (f16, bf16, f32, f32, f32, f64) -> ()
  }) {function_type = () -> (f16, bf16, f32, f32, f32, f64), sym_name = "float_constants"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = -0.000000e+00 : f32} : () -> f32
    %2 = "arith.constant"() {value = 0.333333343 : f32} : () -> f32
    %3 = "arith.constant"() {value = 4.940660e-324 : f64} : () -> f64
    "func.return"(%0, %1, %2, %3) : (f32, f32, f32, f64) -> ()
  }) {function_type = () -> (f32, f32, f32, f64), sym_name = "float_edge"} : () -> ()
}) : () -> ()

