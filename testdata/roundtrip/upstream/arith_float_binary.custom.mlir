module {
  func.func @f32_ops(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.addf %arg0, %arg1 : f32
    %1 = arith.subf %0, %arg1 : f32
    %2 = arith.mulf %1, %arg0 : f32
    %3 = arith.divf %2, %arg1 : f32
    %4 = arith.remf %3, %arg0 : f32
    return %4 : f32
  }
  func.func @other_widths(%arg0: f16, %arg1: bf16, %arg2: f64) -> (f16, bf16, f64) {
    %0 = arith.addf %arg0, %arg0 : f16
    %1 = arith.mulf %arg1, %arg1 : bf16
    %2 = arith.divf %arg2, %arg2 : f64
    %3 = arith.remf %2, %arg2 : f64
    %4 = arith.subf %1, %arg1 : bf16
    return %0, %4, %3 : f16, bf16, f64
  }
  func.func @with_const(%arg0: f32) -> f32 {
    %cst = arith.constant 5.000000e-01 : f32
    %0 = arith.mulf %arg0, %cst : f32
    %1 = arith.addf %0, %cst : f32
    return %1 : f32
  }
}

