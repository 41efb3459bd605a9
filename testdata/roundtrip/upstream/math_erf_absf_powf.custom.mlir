module {
  func.func @basic(%arg0: f32, %arg1: f32, %arg2: i32) -> (f32, f32, f32, i32) {
    %0 = math.erf %arg0 : f32
    %1 = math.absf %arg0 : f32
    %2 = math.powf %arg0, %arg1 : f32
    %3 = math.absi %arg2 : i32
    return %0, %1, %2, %3 : f32, f32, f32, i32
  }
  func.func @gelu_exact(%arg0: f32) -> f32 {
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.707106769 : f32
    %0 = arith.mulf %arg0, %cst_1 : f32
    %1 = math.erf %0 : f32
    %2 = arith.addf %1, %cst_0 : f32
    %3 = arith.mulf %arg0, %cst : f32
    %4 = arith.mulf %3, %2 : f32
    return %4 : f32
  }
  func.func @pow_f64(%arg0: f64, %arg1: f64) -> f64 {
    %0 = math.powf %arg0, %arg1 fastmath<fast> : f64
    return %0 : f64
  }
}

