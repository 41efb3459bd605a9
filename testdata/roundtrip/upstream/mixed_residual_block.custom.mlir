#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
module {
  func.func @residual(%arg0: tensor<1x8x8x16xf32>, %arg1: tensor<1x1x16x16xf32>, %arg2: tensor<3x3x16xf32>) -> tensor<1x8x8x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 6.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x8x8x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    %2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x8x8x16xf32>, tensor<1x1x16x16xf32>) outs(%1 : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x8x8x16xf32>) outs(%0 : tensor<1x8x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.maxf %in, %cst : f32
      %7 = arith.minf %6, %cst_0 : f32
      linalg.yield %7 : f32
    } -> tensor<1x8x8x16xf32>
    %padded = tensor.pad %3 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      tensor.yield %cst : f32
    } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
    %4 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %arg2 : tensor<1x10x10x16xf32>, tensor<3x3x16xf32>) outs(%1 : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    %5 = arith.addf %4, %arg0 : tensor<1x8x8x16xf32>
    return %5 : tensor<1x8x8x16xf32>
  }
  func.func @squeeze_excite(%arg0: tensor<1x8x8x16xf32>, %arg1: tensor<16x16xf32>) -> tensor<1x8x8x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.562500e-02 : f32
    %0 = tensor.empty() : tensor<1x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x16xf32>) -> tensor<1x16xf32>
    %reduced = linalg.reduce ins(%arg0 : tensor<1x8x8x16xf32>) outs(%1 : tensor<1x16xf32>) dimensions = [1, 2] 
      (%in: f32, %init: f32) {
        %5 = arith.addf %in, %init : f32
        linalg.yield %5 : f32
      }
    %2 = linalg.matmul ins(%reduced, %arg1 : tensor<1x16xf32>, tensor<16x16xf32>) outs(%1 : tensor<1x16xf32>) -> tensor<1x16xf32>
    %3 = tensor.empty() : tensor<1x8x8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %2 : tensor<1x8x8x16xf32>, tensor<1x16xf32>) outs(%3 : tensor<1x8x8x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %5 = arith.mulf %in_1, %cst_0 : f32
      %6 = arith.negf %5 : f32
      %7 = math.exp %6 : f32
      %cst_2 = arith.constant 1.000000e+00 : f32
      %8 = arith.addf %7, %cst_2 : f32
      %9 = arith.divf %cst_2, %8 : f32
      %10 = arith.mulf %in, %9 : f32
      linalg.yield %10 : f32
    } -> tensor<1x8x8x16xf32>
    return %4 : tensor<1x8x8x16xf32>
  }
}

