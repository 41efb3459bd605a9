#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4 * 2, d2 + d5 * 2, d6)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x16xf32>, %arg2: tensor<1x3x3x16xf32>):
    %0 = "linalg.conv_2d_nhwc_hwcf"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
    "func.return"(%0) : (tensor<1x3x3x16xf32>) -> ()
  }) {function_type = (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>, sym_name = "nhwc_hwcf"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<16x3x3x3xf32>, %arg2: tensor<1x4x4x16xf32>):
    %0 = "linalg.conv_2d_nhwc_fhwc"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<2> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map3, #map4, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
    "func.return"(%0) : (tensor<1x4x4x16xf32>) -> ()
  }) {function_type = (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>, sym_name = "nhwc_fhwc"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x4x4x2xi8>, %arg1: tensor<2x2x2x4xi8>, %arg2: tensor<1x3x3x4xi32>):
    %0 = "linalg.conv_2d_nhwc_hwcf"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: i8, %arg4: i8, %arg5: i32):
      %1 = "arith.extsi"(%arg3) : (i8) -> i32
      %2 = "arith.extsi"(%arg4) : (i8) -> i32
      %3 = "arith.muli"(%1, %2) : (i32, i32) -> i32
      %4 = "arith.addi"(%arg5, %3) : (i32, i32) -> i32
      "linalg.yield"(%4) : (i32) -> ()
    }) {linalg.memoized_indexing_maps = [#map5, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x4x4x2xi8>, tensor<2x2x2x4xi8>, tensor<1x3x3x4xi32>) -> tensor<1x3x3x4xi32>
    "func.return"(%0) : (tensor<1x3x3x4xi32>) -> ()
  }) {function_type = (tensor<1x4x4x2xi8>, tensor<2x2x2x4xi8>, tensor<1x3x3x4xi32>) -> tensor<1x3x3x4xi32>, sym_name = "nhwc_hwcf_i8"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?x?x3xf32>, %arg1: tensor<3x3x3x8xf32>, %arg2: tensor<?x?x?x8xf32>):
    %0 = "linalg.conv_2d_nhwc_hwcf"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map5, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<?x?x?x3xf32>, tensor<3x3x3x8xf32>, tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32>
    "func.return"(%0) : (tensor<?x?x?x8xf32>) -> ()
  }) {function_type = (tensor<?x?x?x3xf32>, tensor<3x3x3x8xf32>, tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32>, sym_name = "nhwc_dynamic"} : () -> ()
}) : () -> ()

