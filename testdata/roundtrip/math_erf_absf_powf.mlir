// Covers: math.erf, math.absf, math.powf, math.absi, incl. an exact-GELU formula.
func.func @basic(%x: f32, %y: f32, %i: i32) -> (f32, f32, f32, i32) {
  %0 = math.erf %x : f32
  %1 = math.absf %x : f32
  %2 = math.powf %x, %y : f32
  %3 = math.absi %i : i32
  return %0, %1, %2, %3 : f32, f32, f32, i32
}

func.func @gelu_exact(%x: f32) -> f32 {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %rsqrt2 = arith.constant 0.707106769 : f32
  %0 = arith.mulf %x, %rsqrt2 : f32
  %1 = math.erf %0 : f32
  %2 = arith.addf %1, %one : f32
  %3 = arith.mulf %x, %half : f32
  %4 = arith.mulf %3, %2 : f32
  return %4 : f32
}

func.func @pow_f64(%a: f64, %b: f64) -> f64 {
  %0 = math.powf %a, %b fastmath<fast> : f64
  return %0 : f64
}
