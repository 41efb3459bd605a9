// Covers: an explicit anonymous builtin.module wrapping two func.func ops.
module {
  func.func @identity(%arg0: f32) -> f32 {
    return %arg0 : f32
  }

  func.func @use_identity(%x: f32) -> f32 {
    %0 = func.call @identity(%x) : (f32) -> f32
    return %0 : f32
  }
}
