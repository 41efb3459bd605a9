#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// %1 is dead after %2 reads it as its init: %2 updates it in place. The
// row sum's accumulator is the fill's buffer.
func.func @chain(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %0 = tensor.empty() : tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %3 = tensor.empty() : tensor<4xf32>
  %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<4xf32>) -> tensor<4xf32>
  %5 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<4x8xf32>) outs(%4 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %2, %5 : tensor<4x8xf32>, tensor<4xf32>
}

// %1 is read again after %2, so %2 may not update it in place.
func.func @no_reuse(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tensor.empty() : tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// CSE made one zero tensor the init of both outputs of a reduction (a
// loss and its total weight): each output gets a buffer of its own, or the
// second would overwrite the first.
func.func @shared_inits(%arg0: tensor<4x8xf32>) -> (tensor<f32>, tensor<f32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
  %2:2 = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%1, %1 : tensor<f32>, tensor<f32>) {
  ^bb0(%in: f32, %sum: f32, %count: f32):
    %s = arith.addf %sum, %in : f32
    %c = arith.addf %count, %one : f32
    linalg.yield %s, %c : f32, f32
  } -> (tensor<f32>, tensor<f32>)
  return %2#0, %2#1 : tensor<f32>, tensor<f32>
}

// The same, with one output inserted into a window of another tensor:
// planning the shared init into that window would give both outputs the
// window.
func.func @shared_inits_window(%arg0: tensor<4x8xf32>) -> (tensor<f32>, tensor<3xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %big0 = tensor.empty() : tensor<3xf32>
  %big = linalg.fill ins(%one : f32) outs(%big0 : tensor<3xf32>) -> tensor<3xf32>
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
  %2:2 = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%1, %1 : tensor<f32>, tensor<f32>) {
  ^bb0(%in: f32, %sum: f32, %count: f32):
    %s = arith.addf %sum, %in : f32
    %c = arith.addf %count, %one : f32
    linalg.yield %s, %c : f32, f32
  } -> (tensor<f32>, tensor<f32>)
  %3 = tensor.insert_slice %2#1 into %big[1] [1] [1] : tensor<f32> into tensor<3xf32>
  return %2#0, %3 : tensor<f32>, tensor<3xf32>
}
