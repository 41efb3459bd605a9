// Covers: linalg.generic with scalar (non-tensor) inputs mapped by `() -> ()`-style maps and rank-0 tensor inputs.
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
func.func @axpy(%alpha: f32, %x: tensor<3x5xf32>, %y: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = linalg.generic {indexing_maps = [#scalar, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%alpha, %x : f32, tensor<3x5xf32>) outs(%y : tensor<3x5xf32>) {
  ^bb0(%a: f32, %in: f32, %out: f32):
    %1 = arith.mulf %a, %in : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

func.func @scale_by_rank0(%s: tensor<f32>, %x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %init = tensor.empty() : tensor<3x5xf32>
  %0 = linalg.generic {indexing_maps = [#scalar, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%s, %x : tensor<f32>, tensor<3x5xf32>) outs(%init : tensor<3x5xf32>) {
  ^bb0(%a: f32, %in: f32, %out: f32):
    %1 = arith.mulf %a, %in : f32
    linalg.yield %1 : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

func.func @clamp_int(%lo: i32, %hi: i32, %x: tensor<8xi32>, %init: tensor<8xi32>) -> tensor<8xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%lo, %hi, %x : i32, i32, tensor<8xi32>) outs(%init : tensor<8xi32>) {
  ^bb0(%l: i32, %h: i32, %in: i32, %out: i32):
    %1 = arith.maxsi %in, %l : i32
    %2 = arith.minsi %1, %h : i32
    linalg.yield %2 : i32
  } -> tensor<8xi32>
  return %0 : tensor<8xi32>
}
