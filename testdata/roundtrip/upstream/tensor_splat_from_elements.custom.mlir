module {
  func.func @splats(%arg0: f32, %arg1: i32, %arg2: index) -> (tensor<4xf32>, tensor<2x3xi32>, tensor<f32>, tensor<2xindex>) {
    %splat = tensor.splat %arg0 : tensor<4xf32>
    %splat_0 = tensor.splat %arg1 : tensor<2x3xi32>
    %splat_1 = tensor.splat %arg0 : tensor<f32>
    %splat_2 = tensor.splat %arg2 : tensor<2xindex>
    return %splat, %splat_0, %splat_1, %splat_2 : tensor<4xf32>, tensor<2x3xi32>, tensor<f32>, tensor<2xindex>
  }
  func.func @from_elements(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: f32) -> (tensor<4xf32>, tensor<2x2xf32>, tensor<f32>) {
    %from_elements = tensor.from_elements %arg0, %arg1, %arg2, %arg3 : tensor<4xf32>
    %from_elements_0 = tensor.from_elements %arg0, %arg1, %arg2, %arg3 : tensor<2x2xf32>
    %from_elements_1 = tensor.from_elements %arg0 : tensor<f32>
    return %from_elements, %from_elements_0, %from_elements_1 : tensor<4xf32>, tensor<2x2xf32>, tensor<f32>
  }
  func.func @shape_tensor(%arg0: index, %arg1: index) -> (tensor<2xindex>, tensor<3xi64>) {
    %c1_i64 = arith.constant 1 : i64
    %from_elements = tensor.from_elements %arg0, %arg1 : tensor<2xindex>
    %from_elements_0 = tensor.from_elements %c1_i64, %c1_i64, %c1_i64 : tensor<3xi64>
    return %from_elements, %from_elements_0 : tensor<2xindex>, tensor<3xi64>
  }
}

