// Covers: an MLP layer: transpose of weights, matmul into zero-filled acc, bias broadcast add via generic, GELU (tanh approx).
#map = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
module @mlp {
  func.func @linear_gelu(%x: tensor<4x16xf32>, %w: tensor<32x16xf32>, %b: tensor<32xf32>) -> tensor<4x32xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %half = arith.constant 5.000000e-01 : f32
    %one = arith.constant 1.000000e+00 : f32
    %c0 = arith.constant 0.0447149985 : f32
    %c1 = arith.constant 0.797884583 : f32
    %wt_init = tensor.empty() : tensor<16x32xf32>
    %wt = linalg.transpose ins(%w : tensor<32x16xf32>) outs(%wt_init : tensor<16x32xf32>) permutation = [1, 0]
    %e = tensor.empty() : tensor<4x32xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
    %mm = linalg.matmul ins(%x, %wt : tensor<4x16xf32>, tensor<16x32xf32>) outs(%acc : tensor<4x32xf32>) -> tensor<4x32xf32>
    %0 = linalg.generic {indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<4x32xf32>, tensor<32xf32>) outs(%e : tensor<4x32xf32>) {
    ^bb0(%v: f32, %bv: f32, %out: f32):
      %y = arith.addf %v, %bv : f32
      %y3 = arith.mulf %y, %y : f32
      %y3b = arith.mulf %y3, %y : f32
      %t0 = arith.mulf %y3b, %c0 : f32
      %t1 = arith.addf %y, %t0 : f32
      %t2 = arith.mulf %t1, %c1 : f32
      %t3 = math.tanh %t2 : f32
      %t4 = arith.addf %t3, %one : f32
      %t5 = arith.mulf %y, %half : f32
      %r = arith.mulf %t5, %t4 : f32
      linalg.yield %r : f32
    } -> tensor<4x32xf32>
    return %0 : tensor<4x32xf32>
  }

  func.func @forward(%x: tensor<4x16xf32>, %w: tensor<32x16xf32>, %b: tensor<32xf32>) -> tensor<4x32xf32> attributes {torch.entry} {
    %0 = func.call @linear_gelu(%x, %w, %b) : (tensor<4x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<4x32xf32>
    return %0 : tensor<4x32xf32>
  }
}
