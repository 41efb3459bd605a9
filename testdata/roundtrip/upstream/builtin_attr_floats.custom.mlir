module {
  func.func @float_attrs() attributes {f.b = 3.000000e+00 : bf16, f.big = 1.000000e+30 : f32, f.binf = 0x7F80 : bf16, f.d = 3.1415926535897931 : f64, f.default = 2.000000e+00 : f64, f.dnan = 0x7FF8000000000000 : f64, f.h = 5.000000e-01 : f16, f.hinf = 0x7C00 : f16, f.inf = 0x7F800000 : f32, f.nan = 0x7FC00000 : f32, f.neg = -2.500000e+00 : f32, f.ninf = 0xFF800000 : f32, f.one = 1.000000e+00 : f32, f.small = 1.500000e-07 : f32, f.tenth = 1.000000e-01 : f32} {
    return
  }
  func.func @float_constants() -> (f16, bf16, f32, f32, f32, f64) {
    %cst = arith.constant 6.550400e+04 : f16
    %cst_0 = arith.constant -1.000000e+00 : bf16
    %cst_1 = arith.constant 0x7FC00000 : f32
    %cst_2 = arith.constant 0x7F800000 : f32
    %cst_3 = arith.constant 0xFF800000 : f32
    %cst_4 = arith.constant 2.7182818284590451 : f64
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4 : f16, bf16, f32, f32, f32, f64
  }
  func.func @float_edge() -> (f32, f32, f32, f64) {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant -0.000000e+00 : f32
    %cst_1 = arith.constant 0.333333343 : f32
    %cst_2 = arith.constant 4.940660e-324 : f64
    return %cst, %cst_0, %cst_1, %cst_2 : f32, f32, f32, f64
  }
}

