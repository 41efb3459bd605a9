// Covers: layernorm-like reductions: mean and variance via linalg.reduce, rsqrt, affine scale/shift with broadcast maps.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @layernorm(%x: tensor<4x64xf32>, %gamma: tensor<64xf32>, %beta: tensor<64xf32>) -> tensor<4x64xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %n = arith.constant 6.400000e+01 : f32
  %eps = arith.constant 9.99999974E-6 : f32
  %re = tensor.empty() : tensor<4xf32>
  %rinit = linalg.fill ins(%zero : f32) outs(%re : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.reduce ins(%x : tensor<4x64xf32>) outs(%rinit : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %sq = linalg.reduce ins(%x : tensor<4x64xf32>) outs(%rinit : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %p = arith.mulf %in, %in : f32
      %s = arith.addf %p, %acc : f32
      linalg.yield %s : f32
    }
  %e = tensor.empty() : tensor<4x64xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %sum, %sq, %gamma, %beta : tensor<4x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<4x64xf32>) {
  ^bb0(%v: f32, %s: f32, %s2: f32, %g: f32, %b: f32, %out: f32):
    %mean = arith.divf %s, %n : f32
    %ex2 = arith.divf %s2, %n : f32
    %m2 = arith.mulf %mean, %mean : f32
    %var = arith.subf %ex2, %m2 : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %c = arith.subf %v, %mean : f32
    %nrm = arith.mulf %c, %inv : f32
    %sc = arith.mulf %nrm, %g : f32
    %r = arith.addf %sc, %b : f32
    linalg.yield %r : f32
  } -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}
