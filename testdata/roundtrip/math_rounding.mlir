// Covers: math.ceil, math.floor, math.round, math.roundeven, math.trunc, math.copysign on scalars.
func.func @rounding(%x: f32) -> (f32, f32, f32, f32, f32) {
  %0 = math.ceil %x : f32
  %1 = math.floor %x : f32
  %2 = math.round %x : f32
  %3 = math.roundeven %x : f32
  %4 = math.trunc %x : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

func.func @copysign(%a: f64, %b: f64) -> f64 {
  %0 = math.copysign %a, %b : f64
  return %0 : f64
}

func.func @floor_div(%a: f32, %b: f32) -> f32 {
  %0 = arith.divf %a, %b : f32
  %1 = math.floor %0 : f32
  return %1 : f32
}
