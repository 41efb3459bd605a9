#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 - d5 + 2, d3 - d6 + 2)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, -d2 + 2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x4x3x3xf32>, %arg1: tensor<4x2x3x3xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<1x4x5x5xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
    %3 = "tensor.insert_slice"(%arg0, %2) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 4, 3, 3>, static_strides = array<i64: 1, 1, 2, 2>} : (tensor<1x4x3x3xf32>, tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
    %4 = "tensor.pad"(%3) ({
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 2, 2>, static_low = array<i64: 0, 0, 2, 2>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x9x9xf32>
    %5 = "tensor.empty"() : () -> tensor<1x2x7x7xf32>
    %6 = "linalg.fill"(%0, %5) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    %7 = "linalg.generic"(%4, %arg1, %6) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %8 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %9 = "arith.addf"(%arg4, %8) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%9) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x4x9x9xf32>, tensor<4x2x3x3xf32>, tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    "func.return"(%7) : (tensor<1x2x7x7xf32>) -> ()
  }) {function_type = (tensor<1x4x3x3xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>, sym_name = "conv2d_backward_data"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x2x4xf32>, %arg1: tensor<2x1x3xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = dense<0.000000e+00> : tensor<1x2x7xf32>} : () -> tensor<1x2x7xf32>
    %2 = "tensor.insert_slice"(%arg0, %1) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 1, 2, 4>, static_strides = array<i64: 1, 1, 2>} : (tensor<1x2x4xf32>, tensor<1x2x7xf32>) -> tensor<1x2x7xf32>
    %3 = "tensor.pad"(%2) ({
    ^bb0(%arg2: index, %arg3: index, %arg4: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 2>, static_low = array<i64: 0, 0, 2>} : (tensor<1x2x7xf32>) -> tensor<1x2x11xf32>
    %4 = "tensor.empty"() : () -> tensor<2x1x3xf32>
    %5 = "linalg.generic"(%arg1, %4) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<2x1x3xf32>, tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
    %6 = "arith.constant"() {value = dense<0.000000e+00> : tensor<1x1x9xf32>} : () -> tensor<1x1x9xf32>
    %7 = "linalg.generic"(%3, %5, %6) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %8 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %9 = "arith.addf"(%arg4, %8) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%9) : (f32) -> ()
    }) {indexing_maps = [#map5, #map6, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x2x11xf32>, tensor<2x1x3xf32>, tensor<1x1x9xf32>) -> tensor<1x1x9xf32>
    "func.return"(%7) : (tensor<1x1x9xf32>) -> ()
  }) {function_type = (tensor<1x2x4xf32>, tensor<2x1x3xf32>) -> tensor<1x1x9xf32>, sym_name = "conv1d_backward_data"} : () -> ()
}) : () -> ()

