// Covers: float attributes: decimal, exponent, hex NaN/Inf/-Inf, and f16/bf16/f64 widths.
func.func @float_attrs() attributes {
    f.one = 1.0 : f32, f.tenth = 0.1 : f32, f.neg = -2.5 : f32,
    f.big = 1.0e+30 : f32, f.small = 1.5e-7 : f32,
    f.nan = 0x7FC00000 : f32, f.inf = 0x7F800000 : f32, f.ninf = 0xFF800000 : f32,
    f.h = 0.5 : f16, f.hinf = 0x7C00 : f16, f.b = 3.0 : bf16, f.binf = 0x7F80 : bf16,
    f.d = 3.141592653589793 : f64, f.dnan = 0x7FF8000000000000 : f64,
    f.default = 2.0} {
  return
}

func.func @float_constants() -> (f16, bf16, f32, f32, f32, f64) {
  %h = arith.constant 6.550400e+04 : f16
  %b = arith.constant -1.0 : bf16
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %d = arith.constant 2.718281828459045 : f64
  return %h, %b, %nan, %inf, %ninf, %d : f16, bf16, f32, f32, f32, f64
}

func.func @float_edge() -> (f32, f32, f32, f64) {
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %third = arith.constant 0.333333343 : f32
  %tiny = arith.constant 4.9406564584124654E-324 : f64
  return %zero, %negzero, %third, %tiny : f32, f32, f32, f64
}
