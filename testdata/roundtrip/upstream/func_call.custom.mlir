module {
  func.func private @square(%arg0: f32) -> f32 {
    %0 = arith.mulf %arg0, %arg0 : f32
    return %0 : f32
  }
  func.func private @noop() {
    return
  }
  func.func private @swap(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    return %arg1, %arg0 : tensor<2xf32>, tensor<2xf32>
  }
  func.func @caller(%arg0: f32, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> (f32, tensor<2xf32>) {
    call @noop() : () -> ()
    %0 = call @square(%arg0) : (f32) -> f32
    %1 = call @square(%0) : (f32) -> f32
    %2:2 = call @swap(%arg1, %arg2) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %3 = arith.addf %2#0, %2#1 : tensor<2xf32>
    return %1, %3 : f32, tensor<2xf32>
  }
}

