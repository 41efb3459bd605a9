// KV-cache decode: a run-time position (tensor.extract outside any
// region, wrapped when negative) is the offset of insert_slice and
// extract_slice.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @decode(%cache: tensor<8x4xf32>, %pos: tensor<1xi64>, %new: tensor<1x4xf32>) -> (tensor<8x4xf32>, tensor<1x4xf32>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %c = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%cache : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x4xf32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %pos[%c0] : tensor<1xi64>
  %zero = arith.constant 0 : i64
  %neg = arith.cmpi slt, %x, %zero : i64
  %c8 = arith.constant 8 : i64
  %w = arith.addi %x, %c8 : i64
  %p = arith.select %neg, %w, %x : i64
  %i = arith.index_cast %p : i64 to index
  %old = tensor.extract_slice %c[%i, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<1x4xf32>
  %e2 = tensor.empty() : tensor<1x4xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%old, %new : tensor<1x4xf32>, tensor<1x4xf32>) outs(%e2 : tensor<1x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4xf32>
  %r = tensor.insert_slice %sum into %c[%i, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x4xf32>
  return %r, %sum : tensor<8x4xf32>, tensor<1x4xf32>
}

// An index that picks the index: both reads are bounds-checked.
func.func @gather2(%x: tensor<4x3xf32>, %idx: tensor<2xi64>) -> tensor<3xf32> {
  %c1 = arith.constant 1 : index
  %a = tensor.extract %idx[%c1] : tensor<2xi64>
  %ai = arith.index_cast %a : i64 to index
  %b = tensor.extract %idx[%ai] : tensor<2xi64>
  %bi = arith.index_cast %b : i64 to index
  %row = tensor.extract_slice %x[%bi, 0] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<3xf32>
  return %row : tensor<3xf32>
}
