module {
  func.func @rounding(%arg0: f32) -> (f32, f32, f32, f32, f32) {
    %0 = math.ceil %arg0 : f32
    %1 = math.floor %arg0 : f32
    %2 = math.round %arg0 : f32
    %3 = math.roundeven %arg0 : f32
    %4 = math.trunc %arg0 : f32
    return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
  }
  func.func @copysign(%arg0: f64, %arg1: f64) -> f64 {
    %0 = math.copysign %arg0, %arg1 : f64
    return %0 : f64
  }
  func.func @floor_div(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.divf %arg0, %arg1 : f32
    %1 = math.floor %0 : f32
    return %1 : f32
  }
}

