// Covers: math.exp, math.log, math.sqrt, math.rsqrt, math.tanh on f32/f64/f16 scalars.
func.func @unary_f32(%x: f32) -> (f32, f32, f32, f32, f32) {
  %0 = math.exp %x : f32
  %1 = math.log %x : f32
  %2 = math.sqrt %x : f32
  %3 = math.rsqrt %x : f32
  %4 = math.tanh %x : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

func.func @unary_other(%d: f64, %h: f16) -> (f64, f16, f64) {
  %0 = math.exp %d : f64
  %1 = math.tanh %h : f16
  %2 = math.log %0 : f64
  return %0, %1, %2 : f64, f16, f64
}

func.func @sigmoid(%x: f32) -> f32 {
  %one = arith.constant 1.000000e+00 : f32
  %0 = arith.negf %x : f32
  %1 = math.exp %0 : f32
  %2 = arith.addf %1, %one : f32
  %3 = arith.divf %one, %2 : f32
  return %3 : f32
}
