module {
  func.func @fastmath_flags(%arg0: f32, %arg1: f32) -> (f32, f32, f32, f32, f32, f32) {
    %0 = arith.addf %arg0, %arg1 fastmath<fast> : f32
    %1 = arith.subf %arg0, %arg1 : f32
    %2 = arith.mulf %arg0, %arg1 fastmath<reassoc,contract> : f32
    %3 = arith.divf %arg0, %arg1 fastmath<arcp> : f32
    %4 = arith.remf %arg0, %arg1 fastmath<nnan,ninf,nsz> : f32
    %5 = arith.addf %arg0, %arg1 fastmath<reassoc,contract,afn> : f32
    return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
  }
  func.func @fastmath_tensor(%arg0: tensor<4x?xf32>, %arg1: tensor<4x?xf32>) -> tensor<4x?xf32> {
    %0 = arith.mulf %arg0, %arg1 fastmath<fast> : tensor<4x?xf32>
    %1 = arith.addf %0, %arg1 fastmath<fast> : tensor<4x?xf32>
    return %1 : tensor<4x?xf32>
  }
  func.func @fastmath_cmp_math(%arg0: f64) -> (f64, f64) {
    %0 = math.sqrt %arg0 fastmath<afn> : f64
    %1 = arith.negf %0 fastmath<fast> : f64
    return %0, %1 : f64, f64
  }
}

