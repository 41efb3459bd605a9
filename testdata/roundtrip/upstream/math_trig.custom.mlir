module {
  func.func @trig(%arg0: f32, %arg1: f32) -> (f32, f32, f32, f32, f32) {
    %0 = math.sin %arg0 : f32
    %1 = math.cos %arg0 : f32
    %2 = math.atan %arg0 : f32
    %3 = math.atan2 %arg1, %arg0 : f32
    %4 = math.tan %arg0 : f32
    return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
  }
  func.func @fma(%arg0: f32, %arg1: f32, %arg2: f32) -> f32 {
    %0 = math.fma %arg0, %arg1, %arg2 : f32
    return %0 : f32
  }
  func.func @rope_angle(%arg0: f32, %arg1: f32) -> (f32, f32) {
    %0 = arith.mulf %arg0, %arg1 : f32
    %1 = math.cos %0 : f32
    %2 = math.sin %0 : f32
    return %1, %2 : f32, f32
  }
}

