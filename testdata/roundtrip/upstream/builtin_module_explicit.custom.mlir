module {
  func.func @identity(%arg0: f32) -> f32 {
    return %arg0 : f32
  }
  func.func @use_identity(%arg0: f32) -> f32 {
    %0 = call @identity(%arg0) : (f32) -> f32
    return %0 : f32
  }
}

