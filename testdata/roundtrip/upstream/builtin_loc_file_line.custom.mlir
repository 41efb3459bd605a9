module {
  func.func @scaled_add(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
    %cst = arith.constant dense<2.000000e+00> : tensor<4xf32>
    %0 = arith.mulf %arg0, %cst : tensor<4xf32>
    %1 = arith.addf %0, %arg1 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func @noloc(%arg0: f32) -> f32 {
    %0 = math.exp %arg0 : f32
    return %0 : f32
  }
}

