// Covers: linalg.generic with several inputs using different (broadcasting/transposing) indexing maps.
#id = affine_map<(d0, d1) -> (d0, d1)>
#bcast_row = affine_map<(d0, d1) -> (d1)>
#bcast_col = affine_map<(d0, d1) -> (d0)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @fma_broadcast(%x: tensor<4x8xf32>, %scale: tensor<8xf32>, %bias: tensor<4xf32>, %y: tensor<8x4xf32>) -> tensor<4x8xf32> {
  %init = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #bcast_row, #bcast_col, #tr, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %scale, %bias, %y : tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<8x4xf32>) outs(%init : tensor<4x8xf32>) {
  ^bb0(%a: f32, %s: f32, %b: f32, %t: f32, %out: f32):
    %1 = arith.mulf %a, %s : f32
    %2 = arith.addf %1, %b : f32
    %3 = arith.addf %2, %t : f32
    linalg.yield %3 : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func @mixed_types(%x: tensor<8xf16>, %m: tensor<8xi1>, %i: tensor<8xi32>) -> tensor<8xf32> {
  %init = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %m, %i : tensor<8xf16>, tensor<8xi1>, tensor<8xi32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f16, %keep: i1, %n: i32, %out: f32):
    %1 = arith.extf %a : f16 to f32
    %2 = arith.sitofp %n : i32 to f32
    %3 = arith.addf %1, %2 : f32
    %4 = arith.select %keep, %3, %out : f32
    linalg.yield %4 : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
