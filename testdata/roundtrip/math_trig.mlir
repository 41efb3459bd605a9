// Covers: math.sin, math.cos, math.tan, math.atan, math.atan2 and math.fma on scalars (RoPE-style angle computation).
func.func @trig(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32) {
  %0 = math.sin %x : f32
  %1 = math.cos %x : f32
  %2 = math.atan %x : f32
  %3 = math.atan2 %y, %x : f32
  %4 = math.tan %x : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

func.func @fma(%a: f32, %b: f32, %c: f32) -> f32 {
  %0 = math.fma %a, %b, %c : f32
  return %0 : f32
}

func.func @rope_angle(%pos: f32, %freq: f32) -> (f32, f32) {
  %0 = arith.mulf %pos, %freq : f32
  %1 = math.cos %0 : f32
  %2 = math.sin %0 : f32
  return %1, %2 : f32, f32
}
