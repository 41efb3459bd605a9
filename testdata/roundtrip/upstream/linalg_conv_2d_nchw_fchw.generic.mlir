#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 3 + d5 * 2, d3 + d6)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<1x4x6x6xf32>):
    %0 = "linalg.conv_2d_nchw_fchw"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    "func.return"(%0) : (tensor<1x4x6x6xf32>) -> ()
  }) {function_type = (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>, sym_name = "conv_unit"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3x9x9xf32>, %arg1: tensor<8x3x3x3xf32>, %arg2: tensor<2x8x4x4xf32>):
    %0 = "linalg.conv_2d_nchw_fchw"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map3, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>} : (tensor<2x3x9x9xf32>, tensor<8x3x3x3xf32>, tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
    "func.return"(%0) : (tensor<2x8x4x4xf32>) -> ()
  }) {function_type = (tensor<2x3x9x9xf32>, tensor<8x3x3x3xf32>, tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>, sym_name = "conv_stride2"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x1x11x10xf32>, %arg1: tensor<1x1x3x3xf32>, %arg2: tensor<1x1x3x8xf32>):
    %0 = "linalg.conv_2d_nchw_fchw"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<[2, 1]> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map4, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<[3, 1]> : tensor<2xi64>} : (tensor<1x1x11x10xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x8xf32>) -> tensor<1x1x3x8xf32>
    "func.return"(%0) : (tensor<1x1x3x8xf32>) -> ()
  }) {function_type = (tensor<1x1x11x10xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x8xf32>) -> tensor<1x1x3x8xf32>, sym_name = "conv_asym"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<?x4x6x6xf32>):
    %0 = "linalg.conv_2d_nchw_fchw"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
    "func.return"(%0) : (tensor<?x4x6x6xf32>) -> ()
  }) {function_type = (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>, sym_name = "conv_dyn_batch"} : () -> ()
}) : () -> ()

