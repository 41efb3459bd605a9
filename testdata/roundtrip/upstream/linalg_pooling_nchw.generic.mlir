#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x3x8x8xf32>):
    %0 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<1x3x4x4xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
    %3 = "tensor.empty"() : () -> tensor<2x2xf32>
    %4 = "linalg.pooling_nchw_max"(%arg0, %3, %2) ({
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %5 = "arith.maxf"(%arg3, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>} : (tensor<1x3x8x8xf32>, tensor<2x2xf32>, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
    "func.return"(%4) : (tensor<1x3x4x4xf32>) -> ()
  }) {function_type = (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>, sym_name = "maxpool"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x4x6x6xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<2x4x4x4xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
    %3 = "tensor.empty"() : () -> tensor<3x3xf32>
    %4 = "linalg.pooling_nchw_sum"(%arg0, %3, %2) ({
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %5 = "arith.addf"(%arg3, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map3, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<2x4x6x6xf32>, tensor<3x3xf32>, tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
    "func.return"(%4) : (tensor<2x4x4x4xf32>) -> ()
  }) {function_type = (tensor<2x4x6x6xf32>) -> tensor<2x4x4x4xf32>, sym_name = "sumpool"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x4x4x2xf32>, %arg1: tensor<1x2x2x2xf32>):
    %0 = "tensor.empty"() : () -> tensor<2x2xf32>
    %1 = "linalg.pooling_nhwc_max"(%arg0, %0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %2 = "arith.maxf"(%arg4, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map4, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>} : (tensor<1x4x4x2xf32>, tensor<2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
    "func.return"(%1) : (tensor<1x2x2x2xf32>) -> ()
  }) {function_type = (tensor<1x4x4x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>, sym_name = "maxpool_nhwc"} : () -> ()
}) : () -> ()

