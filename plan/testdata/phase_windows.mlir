// The shape of a decomposed strided backward-data convolution: each phase
// accumulates into a fresh zero tensor that a strided insert_slice writes
// into the zero-filled gradient. The planner computes each phase in its
// window (no copy, no second zero fill).
#in = affine_map<(d0, d1) -> (d0 + d1)>
#w = affine_map<(d0, d1) -> (d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @phases(%dy: tensor<5xf32>, %w: tensor<2xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<8xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %e0 = tensor.empty() : tensor<4xf32>
  %z0 = linalg.fill ins(%cst : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %p0 = linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "reduction"]} ins(%dy, %w : tensor<5xf32>, tensor<2xf32>) outs(%z0 : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %r0 = tensor.insert_slice %p0 into %z[0] [4] [2] : tensor<4xf32> into tensor<8xf32>
  %z1 = linalg.fill ins(%cst : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %p1 = linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "reduction"]} ins(%dy, %w : tensor<5xf32>, tensor<2xf32>) outs(%z1 : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %r1 = tensor.insert_slice %p1 into %r0[1] [4] [2] : tensor<4xf32> into tensor<8xf32>
  return %r1 : tensor<8xf32>
}

// The destination is read between the phase and its insert_slice: the
// phase must not write the window early.
func.func @read_between(%dy: tensor<5xf32>, %w: tensor<2xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<8xf32>
  %z = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %e0 = tensor.empty() : tensor<4xf32>
  %z0 = linalg.fill ins(%cst : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %p0 = linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "reduction"]} ins(%dy, %w : tensor<5xf32>, tensor<2xf32>) outs(%z0 : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %copy = linalg.copy ins(%z : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r0 = tensor.insert_slice %p0 into %z[0] [4] [2] : tensor<4xf32> into tensor<8xf32>
  return %r0, %copy : tensor<8xf32>, tensor<8xf32>
}
