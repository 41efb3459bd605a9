#map = affine_map<(d0, d1) -> ()>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0) -> ()>
#map3 = affine_map<(d0) -> (d0)>
module {
  func.func @axpy(%arg0: f32, %arg1: tensor<3x5xf32>, %arg2: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %0 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : f32, tensor<3x5xf32>) outs(%arg2 : tensor<3x5xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %1 = arith.mulf %in, %in_0 : f32
      %2 = arith.addf %1, %out : f32
      linalg.yield %2 : f32
    } -> tensor<3x5xf32>
    return %0 : tensor<3x5xf32>
  }
  func.func @scale_by_rank0(%arg0: tensor<f32>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %0 = tensor.empty() : tensor<3x5xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<f32>, tensor<3x5xf32>) outs(%0 : tensor<3x5xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %2 = arith.mulf %in, %in_0 : f32
      linalg.yield %2 : f32
    } -> tensor<3x5xf32>
    return %1 : tensor<3x5xf32>
  }
  func.func @clamp_int(%arg0: i32, %arg1: i32, %arg2: tensor<8xi32>, %arg3: tensor<8xi32>) -> tensor<8xi32> {
    %0 = linalg.generic {indexing_maps = [#map2, #map2, #map3, #map3], iterator_types = ["parallel"]} ins(%arg0, %arg1, %arg2 : i32, i32, tensor<8xi32>) outs(%arg3 : tensor<8xi32>) {
    ^bb0(%in: i32, %in_0: i32, %in_1: i32, %out: i32):
      %1 = arith.maxsi %in_1, %in : i32
      %2 = arith.minsi %1, %in_0 : i32
      linalg.yield %2 : i32
    } -> tensor<8xi32>
    return %0 : tensor<8xi32>
  }
}

