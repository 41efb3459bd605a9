#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @attention_scores(%arg0: tensor<2x8x16xbf16>, %arg1: tensor<2x8x16xbf16>) -> tensor<2x8x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.500000e-01 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<2x8x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x8x16xbf16>) outs(%0 : tensor<2x8x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %8 = arith.extf %in : bf16 to f32
      linalg.yield %8 : f32
    } -> tensor<2x8x16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<2x8x16xbf16>) outs(%0 : tensor<2x8x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %8 = arith.extf %in : bf16 to f32
      linalg.yield %8 : f32
    } -> tensor<2x8x16xf32>
    %3 = tensor.empty() : tensor<2x16x8xf32>
    %transposed = linalg.transpose ins(%2 : tensor<2x8x16xf32>) outs(%3 : tensor<2x16x8xf32>) permutation = [0, 2, 1] 
    %4 = tensor.empty() : tensor<2x8x8xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %6 = linalg.batch_matmul ins(%1, %transposed : tensor<2x8x16xf32>, tensor<2x16x8xf32>) outs(%5 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x8x8xf32>) outs(%4 : tensor<2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = linalg.index 1 : index
      %9 = linalg.index 2 : index
      %10 = arith.mulf %in, %cst_0 fastmath<fast> : f32
      %11 = arith.cmpi ugt, %9, %8 : index
      %12 = arith.select %11, %cst_1, %10 : f32
      linalg.yield %12 : f32
    } -> tensor<2x8x8xf32>
    return %7 : tensor<2x8x8xf32>
  }
}

