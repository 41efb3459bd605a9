// Covers: tensor.splat (static shapes) and tensor.from_elements (1-D, 2-D, rank-0, index/int/float).
func.func @splats(%f: f32, %i: i32, %x: index) -> (tensor<4xf32>, tensor<2x3xi32>, tensor<f32>, tensor<2xindex>) {
  %0 = tensor.splat %f : tensor<4xf32>
  %1 = tensor.splat %i : tensor<2x3xi32>
  %2 = tensor.splat %f : tensor<f32>
  %3 = tensor.splat %x : tensor<2xindex>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<2x3xi32>, tensor<f32>, tensor<2xindex>
}

func.func @from_elements(%a: f32, %b: f32, %c: f32, %d: f32) -> (tensor<4xf32>, tensor<2x2xf32>, tensor<f32>) {
  %0 = tensor.from_elements %a, %b, %c, %d : tensor<4xf32>
  %1 = tensor.from_elements %a, %b, %c, %d : tensor<2x2xf32>
  %2 = tensor.from_elements %a : tensor<f32>
  return %0, %1, %2 : tensor<4xf32>, tensor<2x2xf32>, tensor<f32>
}

func.func @shape_tensor(%n: index, %m: index) -> (tensor<2xindex>, tensor<3xi64>) {
  %c1_i64 = arith.constant 1 : i64
  %0 = tensor.from_elements %n, %m : tensor<2xindex>
  %1 = tensor.from_elements %c1_i64, %c1_i64, %c1_i64 : tensor<3xi64>
  return %0, %1 : tensor<2xindex>, tensor<3xi64>
}
