#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 2 + d2, d6 * 2 + d3)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5 + d0, d6 + d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d1, d0, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x2x7x7xf32>, %arg1: tensor<1x4x3x3xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<4x2x3x3xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
    %3 = "linalg.generic"(%arg0, %arg1, %2) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %4 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %5 = "arith.addf"(%arg4, %4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x2x7x7xf32>, tensor<1x4x3x3xf32>, tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
    "func.return"(%3) : (tensor<4x2x3x3xf32>) -> ()
  }) {function_type = (tensor<1x2x7x7xf32>, tensor<1x4x3x3xf32>) -> tensor<4x2x3x3xf32>, sym_name = "conv2d_backward_weight"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x5x5x3xf32>, %arg1: tensor<2x3x3x8xf32>, %arg2: tensor<3x3x3x8xf32>):
    %0 = "linalg.generic"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {indexing_maps = [#map3, #map4, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x5x5x3xf32>, tensor<2x3x3x8xf32>, tensor<3x3x3x8xf32>) -> tensor<3x3x3x8xf32>
    "func.return"(%0) : (tensor<3x3x3x8xf32>) -> ()
  }) {function_type = (tensor<2x5x5x3xf32>, tensor<2x3x3x8xf32>, tensor<3x3x3x8xf32>) -> tensor<3x3x3x8xf32>, sym_name = "conv2d_nhwc_backward_weight"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x4x3x3xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<4xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4xf32>) -> tensor<4xf32>
    %3 = "linalg.generic"(%arg0, %2) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %4 = "arith.addf"(%arg2, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%4) : (f32) -> ()
    }) {indexing_maps = [#map5, #map6], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<1x4x3x3xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%3) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<1x4x3x3xf32>) -> tensor<4xf32>, sym_name = "bias_grad"} : () -> ()
}) : () -> ()

