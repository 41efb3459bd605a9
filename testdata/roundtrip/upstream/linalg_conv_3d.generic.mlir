#map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1 + d5, d2 + d6, d3 + d7, d8)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d5, d6, d7, d8, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3, d4)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1 * 2 + d5, d2 * 2 + d6, d3 * 2 + d7, d8)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x4x6x6x2xf32>, %arg1: tensor<2x3x3x2x4xf32>, %arg2: tensor<1x3x4x4x4xf32>):
    %0 = "linalg.conv_3d_ndhwc_dhwcf"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<3xi64>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<3xi64>} : (tensor<1x4x6x6x2xf32>, tensor<2x3x3x2x4xf32>, tensor<1x3x4x4x4xf32>) -> tensor<1x3x4x4x4xf32>
    "func.return"(%0) : (tensor<1x3x4x4x4xf32>) -> ()
  }) {function_type = (tensor<1x4x6x6x2xf32>, tensor<2x3x3x2x4xf32>, tensor<1x3x4x4x4xf32>) -> tensor<1x3x4x4x4xf32>, sym_name = "conv3d"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x5x5x5x1xf32>, %arg1: tensor<3x3x3x1x2xf32>, %arg2: tensor<1x2x2x2x2xf32>):
    %0 = "linalg.conv_3d_ndhwc_dhwcf"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<3xi64>, linalg.memoized_indexing_maps = [#map3, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<3xi64>} : (tensor<1x5x5x5x1xf32>, tensor<3x3x3x1x2xf32>, tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
    "func.return"(%0) : (tensor<1x2x2x2x2xf32>) -> ()
  }) {function_type = (tensor<1x5x5x5x1xf32>, tensor<3x3x3x1x2xf32>, tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>, sym_name = "conv3d_strided"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x3x3x3x1xf32>, %arg1: tensor<2x2x2x1x1xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<1x2x2x2x1xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x2x2x2x1xf32>) -> tensor<1x2x2x2x1xf32>
    %3 = "linalg.conv_3d_ndhwc_dhwcf"(%arg0, %arg1, %2) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %4 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %5 = "arith.addf"(%arg4, %4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x3x3x3x1xf32>, tensor<2x2x2x1x1xf32>, tensor<1x2x2x2x1xf32>) -> tensor<1x2x2x2x1xf32>
    "func.return"(%3) : (tensor<1x2x2x2x1xf32>) -> ()
  }) {function_type = (tensor<1x3x3x3x1xf32>, tensor<2x2x2x1x1xf32>) -> tensor<1x2x2x2x1xf32>, sym_name = "conv3d_default"} : () -> ()
}) : () -> ()

