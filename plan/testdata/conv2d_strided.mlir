#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, -d2 + 2, -d3 + 2)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 2 + d2, d6 * 2 + d3)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0, d5, d6)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d1)>
module {
  func.func @conv2d_strided(%arg0: tensor<2x4x4x4xf32>, %arg1: tensor<2x3x8x8xf32>, %arg2: tensor<4x3x3x3xf32>) -> (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) {
    %0 = tensor.empty() : tensor<4x3x3x3xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<4x3x3x3xf32>) outs(%0 : tensor<4x3x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x3x3x3xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %2 = tensor.empty() : tensor<2x4x10x10xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<2x4x10x10xf32>) -> tensor<2x4x10x10xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %3[0, 0, 1, 1] [2, 4, 4, 4] [1, 1, 2, 2] : tensor<2x4x4x4xf32> into tensor<2x4x10x10xf32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %4 = tensor.empty() : tensor<2x3x8x8xf32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%inserted_slice, %1 : tensor<2x4x10x10xf32>, tensor<4x3x3x3xf32>) outs(%5 : tensor<2x3x8x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %13 = arith.mulf %in, %in_4 : f32
      %14 = arith.addf %out, %13 : f32
      linalg.yield %14 : f32
    } -> tensor<2x3x8x8xf32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      tensor.yield %cst_1 : f32
    } : tensor<2x3x8x8xf32> to tensor<2x3x10x10xf32>
    %cst_2 = arith.constant 0.000000e+00 : f32
    %7 = tensor.empty() : tensor<4x3x3x3xf32>
    %8 = linalg.fill ins(%cst_2 : f32) outs(%7 : tensor<4x3x3x3xf32>) -> tensor<4x3x3x3xf32>
    %9 = linalg.generic {indexing_maps = [#map5, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%padded, %arg0 : tensor<2x3x10x10xf32>, tensor<2x4x4x4xf32>) outs(%8 : tensor<4x3x3x3xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %13 = arith.mulf %in, %in_4 : f32
      %14 = arith.addf %out, %13 : f32
      linalg.yield %14 : f32
    } -> tensor<4x3x3x3xf32>
    %cst_3 = arith.constant 0.000000e+00 : f32
    %10 = tensor.empty() : tensor<4xf32>
    %11 = linalg.fill ins(%cst_3 : f32) outs(%10 : tensor<4xf32>) -> tensor<4xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map7], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<2x4x4x4xf32>) outs(%11 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %out, %in : f32
      linalg.yield %13 : f32
    } -> tensor<4xf32>
    return %6, %9, %12 : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>
  }
}
