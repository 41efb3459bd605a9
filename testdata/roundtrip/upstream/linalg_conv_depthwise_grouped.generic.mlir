#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d5, d3 + d6, d4 + d7)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d2, d5, d6, d7)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x8x4xf32>, %arg1: tensor<3x3x4xf32>, %arg2: tensor<1x6x6x4xf32>):
    %0 = "linalg.depthwise_conv_2d_nhwc_hwc"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4xf32>, tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
    "func.return"(%0) : (tensor<1x6x6x4xf32>) -> ()
  }) {function_type = (tensor<1x8x8x4xf32>, tensor<3x3x4xf32>, tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>, sym_name = "depthwise"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x9x9x8xf32>, %arg1: tensor<3x3x8xf32>, %arg2: tensor<1x4x4x8xf32>):
    %0 = "linalg.depthwise_conv_2d_nhwc_hwc"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map3, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>} : (tensor<1x9x9x8xf32>, tensor<3x3x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
    "func.return"(%0) : (tensor<1x4x4x8xf32>) -> ()
  }) {function_type = (tensor<1x9x9x8xf32>, tensor<3x3x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>, sym_name = "depthwise_strided"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x2x3x8x8xf32>, %arg1: tensor<2x4x3x3x3xf32>, %arg2: tensor<1x2x4x6x6xf32>):
    %0 = "linalg.conv_2d_ngchw_fgchw"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map4, #map5, #map6], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x2x3x8x8xf32>, tensor<2x4x3x3x3xf32>, tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>
    "func.return"(%0) : (tensor<1x2x4x6x6xf32>) -> ()
  }) {function_type = (tensor<1x2x3x8x8xf32>, tensor<2x4x3x3x3xf32>, tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>, sym_name = "grouped"} : () -> ()
}) : () -> ()

