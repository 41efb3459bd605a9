#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d1, d0)>
#map4 = affine_map<(d0) -> (d0)>
module {
  func.func @fma_broadcast(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4xf32>, %arg3: tensor<8x4xf32>) -> tensor<4x8xf32> {
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1, %arg2, %arg3 : tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<8x4xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_0: f32, %in_1: f32, %in_2: f32, %out: f32):
      %2 = arith.mulf %in, %in_0 : f32
      %3 = arith.addf %2, %in_1 : f32
      %4 = arith.addf %3, %in_2 : f32
      linalg.yield %4 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
  func.func @mixed_types(%arg0: tensor<8xf16>, %arg1: tensor<8xi1>, %arg2: tensor<8xi32>) -> tensor<8xf32> {
    %0 = tensor.empty() : tensor<8xf32>
    %1 = linalg.generic {indexing_maps = [#map4, #map4, #map4, #map4], iterator_types = ["parallel"]} ins(%arg0, %arg1, %arg2 : tensor<8xf16>, tensor<8xi1>, tensor<8xi32>) outs(%0 : tensor<8xf32>) {
    ^bb0(%in: f16, %in_0: i1, %in_1: i32, %out: f32):
      %2 = arith.extf %in : f16 to f32
      %3 = arith.sitofp %in_1 : i32 to f32
      %4 = arith.addf %2, %3 : f32
      %5 = arith.select %in_0, %4, %out : f32
      linalg.yield %5 : f32
    } -> tensor<8xf32>
    return %1 : tensor<8xf32>
  }
}

