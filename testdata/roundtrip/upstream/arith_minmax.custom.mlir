module {
  func.func @float_minmax(%arg0: f32, %arg1: f32) -> (f32, f32) {
    %0 = arith.maxf %arg0, %arg1 : f32
    %1 = arith.minf %arg0, %arg1 : f32
    return %0, %1 : f32, f32
  }
  func.func @float_minmax_fastmath(%arg0: f64, %arg1: f64) -> f64 {
    %0 = arith.maxf %arg0, %arg1 fastmath<nnan> : f64
    %1 = arith.minf %0, %arg1 fastmath<nnan,ninf> : f64
    return %1 : f64
  }
  func.func @int_minmax(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32) {
    %0 = arith.maxsi %arg0, %arg1 : i32
    %1 = arith.minsi %arg0, %arg1 : i32
    %2 = arith.maxui %arg0, %arg1 : i32
    %3 = arith.minui %arg0, %arg1 : i32
    return %0, %1, %2, %3 : i32, i32, i32, i32
  }
  func.func @relu(%arg0: tensor<2x3xf32>, %arg1: index, %arg2: index) -> (tensor<2x3xf32>, index) {
    %cst = arith.constant dense<0.000000e+00> : tensor<2x3xf32>
    %0 = arith.maxf %arg0, %cst : tensor<2x3xf32>
    %1 = arith.minsi %arg1, %arg2 : index
    return %0, %1 : tensor<2x3xf32>, index
  }
}

