#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 - d5 + 2, d3 - d6 + 2)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 2 + d2, d6 * 2 + d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0, d5, d6)>
module {
  func.func @convolution_backward(%arg0: tensor<1x4x3x3xf32>, %arg1: tensor<1x2x7x7xf32>, %arg2: tensor<4x2x3x3xf32>) -> (tensor<1x2x7x7xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<1x4x5x5xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %cst_0[0, 0, 0, 0] [1, 4, 3, 3] [1, 1, 2, 2] : tensor<1x4x3x3xf32> into tensor<1x4x5x5xf32>
    %padded = tensor.pad %inserted_slice low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      tensor.yield %cst : f32
    } : tensor<1x4x5x5xf32> to tensor<1x4x9x9xf32>
    %0 = tensor.empty() : tensor<1x2x7x7xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%padded, %arg2 : tensor<1x4x9x9xf32>, tensor<4x2x3x3xf32>) outs(%1 : tensor<1x2x7x7xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %8 = arith.mulf %in, %in_1 : f32
      %9 = arith.addf %out, %8 : f32
      linalg.yield %9 : f32
    } -> tensor<1x2x7x7xf32>
    %3 = tensor.empty() : tensor<4x2x3x3xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg1, %arg0 : tensor<1x2x7x7xf32>, tensor<1x4x3x3xf32>) outs(%4 : tensor<4x2x3x3xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %8 = arith.mulf %in, %in_1 : f32
      %9 = arith.addf %out, %8 : f32
      linalg.yield %9 : f32
    } -> tensor<4x2x3x3xf32>
    %6 = tensor.empty() : tensor<4xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<4xf32>) -> tensor<4xf32>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2, 3]] : tensor<1x4x3x3xf32> into tensor<4x9xf32>
    %reduced = linalg.reduce ins(%collapsed : tensor<4x9xf32>) outs(%7 : tensor<4xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %8 = arith.addf %in, %init : f32
        linalg.yield %8 : f32
      }
    return %2, %5, %reduced : tensor<1x2x7x7xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>
  }
}

