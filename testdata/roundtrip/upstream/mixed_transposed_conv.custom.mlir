#map = affine_map<(d0, d1, d2, d3) -> (d1, d0, -d2 + 2, -d3 + 2)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 - d4 + 1)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
module {
  func.func @conv_transpose2d(%arg0: tensor<1x4x4x4xf32>, %arg1: tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x4x7x7xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %1[0, 0, 0, 0] [1, 4, 4, 4] [1, 1, 2, 2] : tensor<1x4x4x4xf32> into tensor<1x4x7x7xf32>
    %padded = tensor.pad %inserted_slice low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<1x4x7x7xf32> to tensor<1x4x9x9xf32>
    %2 = tensor.empty() : tensor<2x4x3x3xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<4x2x3x3xf32>) outs(%2 : tensor<2x4x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x3x3xf32>
    %4 = tensor.empty() : tensor<1x2x7x7xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    %6 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %3 : tensor<1x4x9x9xf32>, tensor<2x4x3x3xf32>) outs(%5 : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    return %6 : tensor<1x2x7x7xf32>
  }
  func.func @conv_transpose1d_stride3(%arg0: tensor<1x1x3xf32>) -> tensor<1x1x7xf32> {
    %cst = arith.constant dense<0.000000e+00> : tensor<1x1x7xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %cst[0, 0, 0] [1, 1, 3] [1, 1, 3] : tensor<1x1x3xf32> into tensor<1x1x7xf32>
    return %inserted_slice : tensor<1x1x7xf32>
  }
  func.func @conv_transpose1d_output_padding(%arg0: tensor<2x3x5xf32>, %arg1: tensor<3x4x2xf32>) -> tensor<2x4x11xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<2x3x9xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %cst_0[0, 0, 0] [2, 3, 5] [1, 1, 2] : tensor<2x3x5xf32> into tensor<2x3x9xf32>
    %padded = tensor.pad %inserted_slice low[0, 0, 1] high[0, 0, 2] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x3x9xf32> to tensor<2x3x12xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<2x4x11xf32>
    %0 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded, %arg1 : tensor<2x3x12xf32>, tensor<3x4x2xf32>) outs(%cst_1 : tensor<2x4x11xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %1 = arith.mulf %in, %in_2 : f32
      %2 = arith.addf %out, %1 : f32
      linalg.yield %2 : f32
    } -> tensor<2x4x11xf32>
    return %0 : tensor<2x4x11xf32>
  }
}

