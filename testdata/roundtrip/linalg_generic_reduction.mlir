// Covers: linalg.generic reductions (row sum, row max, full reduction to rank-0) mixing "parallel" and "reduction".
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @row_sum(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %1 = arith.addf %in, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @row_max(%x: tensor<?x16xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x16xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %1 = arith.maxf %in, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @total(%x: tensor<2x3xf32>, %init: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<2x3xf32>) outs(%init : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %1 = arith.addf %in, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
