func.func @splat() -> tensor<4xf32> {
  %v = arith.constant 1.5 : f32
  %0 = tensor.splat %v : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @from_elements_splat() -> tensor<2xi32> {
  %i = arith.constant 7 : i32
  %0 = tensor.from_elements %i, %i : tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @from_elements() -> tensor<2x2xi32> {
  %i = arith.constant 7 : i32
  %j = arith.constant -2 : i32
  %0 = tensor.from_elements %i, %j, %j, %i : tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

func.func @expand_const() -> tensor<2x2xf32> {
  %cst = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = tensor.expand_shape %cst [[0, 1]] : tensor<4xf32> into tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

func.func @collapse_splat() -> tensor<4xf32> {
  %cst = arith.constant dense<2.0> : tensor<2x2xf32>
  %0 = tensor.collapse_shape %cst [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  return %0 : tensor<4xf32>
}
