#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4, d2)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 2 + d3, d4)>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d3 * 2, d4)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x10x3xf32>, %arg1: tensor<3x3x8xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<1x8x8xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
    %3 = "linalg.conv_1d_nwc_wcf"(%arg0, %arg1, %2) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %4 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %5 = "arith.addf"(%arg4, %4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x10x3xf32>, tensor<3x3x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
    "func.return"(%3) : (tensor<1x8x8xf32>) -> ()
  }) {function_type = (tensor<1x10x3xf32>, tensor<3x3x8xf32>) -> tensor<1x8x8xf32>, sym_name = "conv1d"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x9x4xf32>, %arg1: tensor<3x4x6xf32>, %arg2: tensor<2x4x6xf32>):
    %0 = "linalg.conv_1d_nwc_wcf"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<1xi64>, linalg.memoized_indexing_maps = [#map3, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<1xi64>} : (tensor<2x9x4xf32>, tensor<3x4x6xf32>, tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
    "func.return"(%0) : (tensor<2x4x6xf32>) -> ()
  }) {function_type = (tensor<2x9x4xf32>, tensor<3x4x6xf32>, tensor<2x4x6xf32>) -> tensor<2x4x6xf32>, sym_name = "conv1d_strided"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x12x2xf32>, %arg1: tensor<3x2x2xf32>, %arg2: tensor<1x8x2xf32>):
    %0 = "linalg.conv_1d_nwc_wcf"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<2> : tensor<1xi64>, linalg.memoized_indexing_maps = [#map4, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<1xi64>} : (tensor<1x12x2xf32>, tensor<3x2x2xf32>, tensor<1x8x2xf32>) -> tensor<1x8x2xf32>
    "func.return"(%0) : (tensor<1x8x2xf32>) -> ()
  }) {function_type = (tensor<1x12x2xf32>, tensor<3x2x2xf32>, tensor<1x8x2xf32>) -> tensor<1x8x2xf32>, sym_name = "conv1d_dilated"} : () -> ()
}) : () -> ()

