// Covers: linalg.index inside linalg.generic bodies (iota, causal mask via index comparison, position encoding).
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @iota2d(%init: tensor<3x4xi64>) -> tensor<3x4xi64> {
  %0 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<3x4xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %s = arith.addi %r, %j : index
    %v = arith.index_cast %s : index to i64
    linalg.yield %v : i64
  } -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

func.func @causal_mask(%scores: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %init = tensor.empty() : tensor<8x8xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%scores : tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %q = linalg.index 0 : index
    %k = linalg.index 1 : index
    %future = arith.cmpi ugt, %k, %q : index
    %v = arith.select %future, %ninf, %in : f32
    linalg.yield %v : f32
  } -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
