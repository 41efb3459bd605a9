// Covers: func.call with zero/one/many operands and results, tensor operands, call results used downstream.
func.func private @square(%x: f32) -> f32 {
  %0 = arith.mulf %x, %x : f32
  return %0 : f32
}

func.func private @noop() {
  return
}

func.func private @swap(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  return %b, %a : tensor<2xf32>, tensor<2xf32>
}

func.func @caller(%x: f32, %a: tensor<2xf32>, %b: tensor<2xf32>) -> (f32, tensor<2xf32>) {
  call @noop() : () -> ()
  %0 = call @square(%x) : (f32) -> f32
  %1 = func.call @square(%0) : (f32) -> f32
  %2:2 = call @swap(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %3 = arith.addf %2#0, %2#1 : tensor<2xf32>
  return %1, %3 : f32, tensor<2xf32>
}
