// KV-cache decode: the position is read from a tensor at run time
// (tensor.extract outside any region, wrapped when negative) and is the
// dynamic offset of an insert_slice/extract_slice.

// The cache is the plan's own (a generic's output) and dead after the
// insert: the insert writes it in place at the run-time offset, no copy.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @decode_inplace(%arg0: tensor<1x2x8x4xf32>, %arg1: tensor<1xi64>, %arg2: tensor<1x2x1x4xf32>) -> tensor<1x2x8x4xf32> {
  %e = tensor.empty() : tensor<1x2x8x4xf32>
  %cache = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x2x8x4xf32>) outs(%e : tensor<1x2x8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<1x2x8x4xf32>
  %c0 = arith.constant 0 : index
  %extracted = tensor.extract %arg1[%c0] : tensor<1xi64>
  %c0_i64 = arith.constant 0 : i64
  %0 = arith.cmpi slt, %extracted, %c0_i64 : i64
  %c8_i64 = arith.constant 8 : i64
  %1 = arith.addi %extracted, %c8_i64 : i64
  %2 = arith.select %0, %1, %extracted : i64
  %3 = arith.index_cast %2 : i64 to index
  %inserted = tensor.insert_slice %arg2 into %cache[0, 0, %3, 0] [1, 2, 1, 4] [1, 1, 1, 1] : tensor<1x2x1x4xf32> into tensor<1x2x8x4xf32>
  return %inserted : tensor<1x2x8x4xf32>
}

// The cache is an argument (read-only): one copy into the result, then
// the insert in place in it.
func.func @decode_arg(%arg0: tensor<1x2x8x4xf32>, %arg1: tensor<i64>, %arg2: tensor<1x2x1x4xf32>) -> tensor<1x2x8x4xf32> {
  %extracted = tensor.extract %arg1[] : tensor<i64>
  %0 = arith.index_cast %extracted : i64 to index
  %inserted = tensor.insert_slice %arg2 into %arg0[0, 0, %0, 0] [1, 2, 1, 4] [1, 1, 1, 1] : tensor<1x2x1x4xf32> into tensor<1x2x8x4xf32>
  return %inserted : tensor<1x2x8x4xf32>
}

// A row picked at run time is a view (rank-reduced) that a generic reads.
#map1 = affine_map<(d0) -> (d0)>
func.func @extract_row(%arg0: tensor<5x3xf32>, %arg1: tensor<1xi64>) -> tensor<3xf32> {
  %c0 = arith.constant 0 : index
  %extracted = tensor.extract %arg1[%c0] : tensor<1xi64>
  %c0_i64 = arith.constant 0 : i64
  %0 = arith.cmpi slt, %extracted, %c0_i64 : i64
  %c5_i64 = arith.constant 5 : i64
  %1 = arith.addi %extracted, %c5_i64 : i64
  %2 = arith.select %0, %1, %extracted : i64
  %3 = arith.index_cast %2 : i64 to index
  %row = tensor.extract_slice %arg0[%3, 0] [1, 3] [1, 1] : tensor<5x3xf32> to tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%row : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// A float scalar outside any region has no Scalar-step form yet.
func.func @float_scalar(%arg0: tensor<2xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %arg0[%c0] : tensor<2xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
