#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @iota2d(%arg0: tensor<3x4xi64>) -> tensor<3x4xi64> {
    %0 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%arg0 : tensor<3x4xi64>) {
    ^bb0(%out: i64):
      %1 = linalg.index 0 : index
      %2 = linalg.index 1 : index
      %c4 = arith.constant 4 : index
      %3 = arith.muli %1, %c4 : index
      %4 = arith.addi %3, %2 : index
      %5 = arith.index_cast %4 : index to i64
      linalg.yield %5 : i64
    } -> tensor<3x4xi64>
    return %0 : tensor<3x4xi64>
  }
  func.func @causal_mask(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<8x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x8xf32>) outs(%0 : tensor<8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = linalg.index 0 : index
      %3 = linalg.index 1 : index
      %4 = arith.cmpi ugt, %3, %2 : index
      %5 = arith.select %4, %cst, %in : f32
      linalg.yield %5 : f32
    } -> tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}

