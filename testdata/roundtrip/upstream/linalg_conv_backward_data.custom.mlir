#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 - d5 + 2, d3 - d6 + 2)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, -d2 + 2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
module {
  func.func @conv2d_backward_data(%arg0: tensor<1x4x3x3xf32>, %arg1: tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x4x5x5xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %1[0, 0, 0, 0] [1, 4, 3, 3] [1, 1, 2, 2] : tensor<1x4x3x3xf32> into tensor<1x4x5x5xf32>
    %padded = tensor.pad %inserted_slice low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<1x4x5x5xf32> to tensor<1x4x9x9xf32>
    %2 = tensor.empty() : tensor<1x2x7x7xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%padded, %arg1 : tensor<1x4x9x9xf32>, tensor<4x2x3x3xf32>) outs(%3 : tensor<1x2x7x7xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %5 = arith.mulf %in, %in_0 : f32
      %6 = arith.addf %out, %5 : f32
      linalg.yield %6 : f32
    } -> tensor<1x2x7x7xf32>
    return %4 : tensor<1x2x7x7xf32>
  }
  func.func @conv1d_backward_data(%arg0: tensor<1x2x4xf32>, %arg1: tensor<2x1x3xf32>) -> tensor<1x1x9xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<1x2x7xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %cst_0[0, 0, 0] [1, 2, 4] [1, 1, 2] : tensor<1x2x4xf32> into tensor<1x2x7xf32>
    %padded = tensor.pad %inserted_slice low[0, 0, 2] high[0, 0, 2] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x2x7xf32> to tensor<1x2x11xf32>
    %0 = tensor.empty() : tensor<2x1x3xf32>
    %1 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<2x1x3xf32>) outs(%0 : tensor<2x1x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x3xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<1x1x9xf32>
    %2 = linalg.generic {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded, %1 : tensor<1x2x11xf32>, tensor<2x1x3xf32>) outs(%cst_1 : tensor<1x1x9xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %3 = arith.mulf %in, %in_2 : f32
      %4 = arith.addf %out, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<1x1x9xf32>
    return %2 : tensor<1x1x9xf32>
  }
}

