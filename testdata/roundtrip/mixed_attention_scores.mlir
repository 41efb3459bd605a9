// Covers: attention scores: batch_matmul Q*K^T (via linalg.transpose), scale, causal mask with linalg.index + select, bf16 casts.
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @attention_scores(%q: tensor<2x8x16xbf16>, %k: tensor<2x8x16xbf16>) -> tensor<2x8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant 2.500000e-01 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %qe = tensor.empty() : tensor<2x8x16xf32>
  %qf = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%q : tensor<2x8x16xbf16>) outs(%qe : tensor<2x8x16xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %f = arith.extf %in : bf16 to f32
    linalg.yield %f : f32
  } -> tensor<2x8x16xf32>
  %kf = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%k : tensor<2x8x16xbf16>) outs(%qe : tensor<2x8x16xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %f = arith.extf %in : bf16 to f32
    linalg.yield %f : f32
  } -> tensor<2x8x16xf32>
  %kte = tensor.empty() : tensor<2x16x8xf32>
  %kt = linalg.transpose ins(%kf : tensor<2x8x16xf32>) outs(%kte : tensor<2x16x8xf32>) permutation = [0, 2, 1]
  %se = tensor.empty() : tensor<2x8x8xf32>
  %sacc = linalg.fill ins(%zero : f32) outs(%se : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %s = linalg.batch_matmul ins(%qf, %kt : tensor<2x8x16xf32>, tensor<2x16x8xf32>) outs(%sacc : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %masked = linalg.generic {indexing_maps = [#m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x8x8xf32>) outs(%se : tensor<2x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %sc = arith.mulf %in, %scale fastmath<fast> : f32
    %future = arith.cmpi ugt, %j, %i : index
    %r = arith.select %future, %ninf, %sc : f32
    linalg.yield %r : f32
  } -> tensor<2x8x8xf32>
  return %masked : tensor<2x8x8xf32>
}
