#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @argmax(%arg0: tensor<4x10xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>) {
    %0:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x10xf32>) outs(%arg1, %arg2 : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %out: f32, %out_0: i64):
      %1 = linalg.index 1 : index
      %2 = arith.index_cast %1 : index to i64
      %3 = arith.cmpf ogt, %in, %out : f32
      %4 = arith.select %3, %in, %out : f32
      %5 = arith.select %3, %2, %out_0 : i64
      linalg.yield %4, %5 : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %0#0, %0#1 : tensor<4xf32>, tensor<4xi64>
  }
  func.func @moments(%arg0: tensor<2x16xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<2x16xf32>) outs(%arg1, %arg2 : tensor<2xf32>, tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32, %out_0: f32):
      %1 = arith.addf %in, %out : f32
      %2 = arith.mulf %in, %in : f32
      %3 = arith.addf %2, %out_0 : f32
      linalg.yield %1, %3 : f32, f32
    } -> (tensor<2xf32>, tensor<2xf32>)
    return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
  }
}

