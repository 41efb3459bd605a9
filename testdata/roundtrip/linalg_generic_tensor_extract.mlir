// Covers: tensor.extract inside a linalg.generic body (embedding gather with data-dependent index, and index arithmetic).
func.func @embedding(%table: tensor<100x16xf32>, %ids: tensor<4xi64>) -> tensor<4x16xf32> {
  %init = tensor.empty() : tensor<4x16xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%init : tensor<4x16xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<100x16xf32>
    linalg.yield %v : f32
  } -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

func.func @reverse(%x: tensor<?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %last = arith.subi %n, %c1 : index
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%init : tensor<?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = arith.subi %last, %i : index
    %v = tensor.extract %x[%j] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
