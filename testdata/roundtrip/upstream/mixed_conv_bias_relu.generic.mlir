#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d1)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<8x3x3x3xf32>, %arg2: tensor<8xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %2 = "tensor.pad"(%arg0) ({
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1>, static_low = array<i64: 0, 0, 1, 1>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x10x10xf32>
    %3 = "tensor.empty"() : () -> tensor<1x8x8x8xf32>
    %4 = "linalg.fill"(%0, %3) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %5 = "linalg.conv_2d_nchw_fchw"(%2, %arg1, %4) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %11 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %12 = "arith.addf"(%arg5, %11) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%12) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %6 = "linalg.generic"(%5, %arg2, %3) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %11 = "arith.addf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %12 = "arith.maxf"(%11, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%12) : (f32) -> ()
    }) {indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %7 = "tensor.empty"() : () -> tensor<1x8x4x4xf32>
    %8 = "linalg.fill"(%1, %7) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    %9 = "tensor.empty"() : () -> tensor<2x2xf32>
    %10 = "linalg.pooling_nchw_max"(%6, %9, %8) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %11 = "arith.maxf"(%arg5, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%11) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map5, #map6, #map7], operand_segment_sizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>} : (tensor<1x8x8x8xf32>, tensor<2x2xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    "func.return"(%10) : (tensor<1x8x4x4xf32>) -> ()
  }) {function_type = (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>, sym_name = "conv_bias_relu_pool"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x4x4xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<8xf32>):
    %0 = "arith.constant"() {value = 9.99999974E-6 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<1x8x4x4xf32>
    %2 = "linalg.generic"(%arg0, %arg1, %arg2, %arg3, %arg4, %1) ({
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32, %arg8: f32, %arg9: f32, %arg10: f32):
      %3 = "arith.subf"(%arg5, %arg6) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %4 = "arith.addf"(%arg7, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %5 = "math.rsqrt"(%4) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      %6 = "arith.mulf"(%3, %5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %7 = "arith.mulf"(%6, %arg8) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %8 = "arith.addf"(%7, %arg9) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%8) : (f32) -> ()
    }) {indexing_maps = [#map3, #map4, #map4, #map4, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 5, 1>} : (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
    "func.return"(%2) : (tensor<1x8x4x4xf32>) -> ()
  }) {function_type = (tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>, sym_name = "batchnorm_inference"} : () -> ()
}) : () -> ()

