module {
  func.func @family(%arg0: f32) -> (f32, f32, f32, f32, f32) {
    %0 = math.log1p %arg0 : f32
    %1 = math.expm1 %arg0 : f32
    %2 = math.log2 %arg0 : f32
    %3 = math.log10 %arg0 : f32
    %4 = math.exp2 %arg0 : f32
    return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
  }
  func.func @softplus(%arg0: f64) -> f64 {
    %0 = math.exp %arg0 : f64
    %1 = math.log1p %0 : f64
    return %1 : f64
  }
  func.func @expm1_f16(%arg0: f16) -> f16 {
    %0 = math.expm1 %arg0 : f16
    return %0 : f16
  }
}

