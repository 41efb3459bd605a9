// Covers: arith.constant float special values (NaN, +Inf, -Inf via hex) and values that need non-exponent printing.
func.func @specials() -> (f32, f32, f32, f32, f16, bf16, f64) {
  %nan = arith.constant 0x7FC00000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %lowest = arith.constant -3.40282347E+38 : f32
  %hnan = arith.constant 0x7E00 : f16
  %bninf = arith.constant 0xFF80 : bf16
  %dinf = arith.constant 0x7FF0000000000000 : f64
  return %nan, %pinf, %ninf, %lowest, %hnan, %bninf, %dinf : f32, f32, f32, f32, f16, bf16, f64
}

func.func @precise() -> (f32, f32, f64, f32) {
  %a = arith.constant 0.333333343 : f32
  %b = arith.constant 1.00000012 : f32
  %c = arith.constant 3.1415926535897931 : f64
  %d = arith.constant 123456789.0 : f32
  return %a, %b, %c, %d : f32, f32, f64, f32
}
