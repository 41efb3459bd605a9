"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "linalg.fill"(%0, %arg0) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<2x2xf32>) -> tensor<2x2xf32>
    "func.return"(%1) : (tensor<2x2xf32>) -> ()
  }) {function_type = (tensor<2x2xf32>) -> tensor<2x2xf32>, sym_name = "fill_only"} : () -> ()
}) : () -> ()


// -----
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<2x2xf32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    "func.return"(%0) : (tensor<2x2xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>, sym_name = "matmul_only"} : () -> ()
}) : () -> ()


// -----
#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x1x4x4xf32>, %arg1: tensor<1x1x2x2xf32>, %arg2: tensor<1x1x3x3xf32>):
    %0 = "linalg.conv_2d_nchw_fchw"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
    "func.return"(%0) : (tensor<1x1x3x3xf32>) -> ()
  }) {function_type = (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>, sym_name = "conv_only"} : () -> ()
}) : () -> ()


// -----
#map = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "linalg.generic"(%arg0) ({
    ^bb0(%arg1: f32):
      %1 = "arith.mulf"(%arg1, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) {indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "generic_only"} : () -> ()
}) : () -> ()

