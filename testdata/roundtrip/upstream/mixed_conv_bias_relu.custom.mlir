#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
module {
  func.func @conv_bias_relu_pool(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<8x3x3x3xf32>, %arg2: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      tensor.yield %cst : f32
    } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
    %0 = tensor.empty() : tensor<1x8x8x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %arg1 : tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>) outs(%1 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %arg2 : tensor<1x8x8x8xf32>, tensor<8xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %8 = arith.addf %in, %in_1 : f32
      %9 = arith.maxf %8, %cst : f32
      linalg.yield %9 : f32
    } -> tensor<1x8x8x8xf32>
    %4 = tensor.empty() : tensor<1x8x4x4xf32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    %6 = tensor.empty() : tensor<2x2xf32>
    %7 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%3, %6 : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%5 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    return %7 : tensor<1x8x4x4xf32>
  }
  func.func @batchnorm_inference(%arg0: tensor<1x8x4x4xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
    %cst = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<1x8x4x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map1, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %arg1, %arg2, %arg3, %arg4 : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%0 : tensor<1x8x4x4xf32>) {
    ^bb0(%in: f32, %in_0: f32, %in_1: f32, %in_2: f32, %in_3: f32, %out: f32):
      %2 = arith.subf %in, %in_0 : f32
      %3 = arith.addf %in_1, %cst : f32
      %4 = math.rsqrt %3 : f32
      %5 = arith.mulf %2, %4 : f32
      %6 = arith.mulf %5, %in_2 : f32
      %7 = arith.addf %6, %in_3 : f32
      linalg.yield %7 : f32
    } -> tensor<1x8x4x4xf32>
    return %1 : tensor<1x8x4x4xf32>
  }
}

