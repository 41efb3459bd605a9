#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0) -> (d0)>
module {
  func.func @embedding(%arg0: tensor<100x16xf32>, %arg1: tensor<4xi64>) -> tensor<4x16xf32> {
    %0 = tensor.empty() : tensor<4x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<4xi64>) outs(%0 : tensor<4x16xf32>) {
    ^bb0(%in: i64, %out: f32):
      %2 = arith.index_cast %in : i64 to index
      %3 = linalg.index 1 : index
      %extracted = tensor.extract %arg0[%2, %3] : tensor<100x16xf32>
      linalg.yield %extracted : f32
    } -> tensor<4x16xf32>
    return %1 : tensor<4x16xf32>
  }
  func.func @reverse(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
    %0 = arith.subi %dim, %c1 : index
    %1 = linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel"]} outs(%arg1 : tensor<?xf32>) {
    ^bb0(%out: f32):
      %2 = linalg.index 0 : index
      %3 = arith.subi %0, %2 : index
      %extracted = tensor.extract %arg0[%3] : tensor<?xf32>
      linalg.yield %extracted : f32
    } -> tensor<?xf32>
    return %1 : tensor<?xf32>
  }
}

