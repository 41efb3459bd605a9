#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @relu_backward(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %2 = arith.cmpf ogt, %in_0, %cst : f32
      %3 = arith.select %2, %in, %cst : f32
      linalg.yield %3 : f32
    } -> tensor<4x4xf32>
    return %1 : tensor<4x4xf32>
  }
  func.func @dropout(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8xi1>) -> tensor<2x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.250000e+00 : f32
    %0 = tensor.empty() : tensor<2x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x8xf32>, tensor<2x8xi1>) outs(%0 : tensor<2x8xf32>) {
    ^bb0(%in: f32, %in_1: i1, %out: f32):
      %2 = arith.mulf %in, %cst_0 : f32
      %3 = arith.select %in_1, %2, %cst : f32
      linalg.yield %3 : f32
    } -> tensor<2x8xf32>
    return %1 : tensor<2x8xf32>
  }
}

