module {
  func.func @short_forms(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
    %mapped = linalg.map { arith.addf } ins(%arg0, %arg0 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%arg1 : tensor<2x3xf32>) {tag = 4 : i64}
    %mapped_0 = linalg.map { math.exp } ins(%arg0 : tensor<2x3xf32>) outs(%arg1 : tensor<2x3xf32>)
    %mapped_1 = linalg.map { math.exp {fastmath = #arith.fastmath<fast>} } ins(%arg0 : tensor<2x3xf32>) outs(%arg1 : tensor<2x3xf32>)
    return %mapped, %mapped_0, %mapped_1 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
  func.func @long_form_swapped(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %mapped = linalg.map ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%arg1 : tensor<2x3xf32>)
      (%in: f32, %in_0: f32) {
        %0 = arith.subf %in_0, %in : f32
        linalg.yield %0 : f32
      }
    return %mapped : tensor<2x3xf32>
  }
  func.func @with_attrs(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<3xf32>, %arg3: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>) {
    %transposed = linalg.transpose ins(%arg0 : tensor<2x3xf32>) outs(%arg1 : tensor<3x2xf32>) permutation = [1, 0]  {tag = 1 : i64}
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<3xf32>) outs(%arg0 : tensor<2x3xf32>) dimensions = [0]  {tag = 2 : i64}
    %reduced = linalg.reduce ins(%arg0 : tensor<2x3xf32>) outs(%arg3 : tensor<2xf32>) dimensions = [1]  {tag = 3 : i64}
      (%in: f32, %init: f32) {
        %0 = arith.maxf %in, %init : f32
        linalg.yield %0 : f32
      }
    return %transposed, %broadcasted, %reduced : tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>
  }
}

