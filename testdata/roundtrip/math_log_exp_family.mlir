// Covers: math.log1p, math.expm1, math.log2, math.log10, math.exp2 on f32/f64.
func.func @family(%x: f32) -> (f32, f32, f32, f32, f32) {
  %0 = math.log1p %x : f32
  %1 = math.expm1 %x : f32
  %2 = math.log2 %x : f32
  %3 = math.log10 %x : f32
  %4 = math.exp2 %x : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

func.func @softplus(%x: f64) -> f64 {
  %0 = math.exp %x : f64
  %1 = math.log1p %0 : f64
  return %1 : f64
}

func.func @expm1_f16(%x: f16) -> f16 {
  %0 = math.expm1 %x : f16
  return %0 : f16
}
