module {
  func.func @unary_f32(%arg0: f32) -> (f32, f32, f32, f32, f32) {
    %0 = math.exp %arg0 : f32
    %1 = math.log %arg0 : f32
    %2 = math.sqrt %arg0 : f32
    %3 = math.rsqrt %arg0 : f32
    %4 = math.tanh %arg0 : f32
    return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
  }
  func.func @unary_other(%arg0: f64, %arg1: f16) -> (f64, f16, f64) {
    %0 = math.exp %arg0 : f64
    %1 = math.tanh %arg1 : f16
    %2 = math.log %0 : f64
    return %0, %1, %2 : f64, f16, f64
  }
  func.func @sigmoid(%arg0: f32) -> f32 {
    %cst = arith.constant 1.000000e+00 : f32
    %0 = arith.negf %arg0 : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %1, %cst : f32
    %3 = arith.divf %cst, %2 : f32
    return %3 : f32
  }
}

