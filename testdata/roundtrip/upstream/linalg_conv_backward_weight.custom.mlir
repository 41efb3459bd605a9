#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 2 + d2, d6 * 2 + d3)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5 + d0, d6 + d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d1, d0, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0)>
module {
  func.func @conv2d_backward_weight(%arg0: tensor<1x2x7x7xf32>, %arg1: tensor<1x4x3x3xf32>) -> tensor<4x2x3x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x2x3x3xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x2x7x7xf32>, tensor<1x4x3x3xf32>) outs(%1 : tensor<4x2x3x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.mulf %in, %in_0 : f32
      %4 = arith.addf %out, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<4x2x3x3xf32>
    return %2 : tensor<4x2x3x3xf32>
  }
  func.func @conv2d_nhwc_backward_weight(%arg0: tensor<2x5x5x3xf32>, %arg1: tensor<2x3x3x8xf32>, %arg2: tensor<3x3x3x8xf32>) -> tensor<3x3x3x8xf32> {
    %0 = linalg.generic {indexing_maps = [#map3, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<2x5x5x3xf32>, tensor<2x3x3x8xf32>) outs(%arg2 : tensor<3x3x3x8xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %1 = arith.mulf %in, %in_0 : f32
      %2 = arith.addf %out, %1 : f32
      linalg.yield %2 : f32
    } -> tensor<3x3x3x8xf32>
    return %0 : tensor<3x3x3x8xf32>
  }
  func.func @bias_grad(%arg0: tensor<1x4x3x3xf32>) -> tensor<4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "reduction", "reduction", "reduction"]} ins(%arg0 : tensor<1x4x3x3xf32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %out, %in : f32
      linalg.yield %3 : f32
    } -> tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}

