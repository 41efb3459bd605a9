#map = affine_map<(d0, d1, d2, d3) -> (d1, d0, -d2 + 2, -d3 + 2)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 - d4 + 1)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d4)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x4x4x4xf32>, %arg1: tensor<4x2x3x3xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<1x4x7x7xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
    %3 = "tensor.insert_slice"(%arg0, %2) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 4, 4, 4>, static_strides = array<i64: 1, 1, 2, 2>} : (tensor<1x4x4x4xf32>, tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
    %4 = "tensor.pad"(%3) ({
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1>, static_low = array<i64: 0, 0, 1, 1>} : (tensor<1x4x7x7xf32>) -> tensor<1x4x9x9xf32>
    %5 = "tensor.empty"() : () -> tensor<2x4x3x3xf32>
    %6 = "linalg.generic"(%arg1, %5) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<4x2x3x3xf32>, tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32>
    %7 = "tensor.empty"() : () -> tensor<1x2x7x7xf32>
    %8 = "linalg.fill"(%0, %7) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    %9 = "linalg.conv_2d_nchw_fchw"(%4, %6, %8) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %10 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %11 = "arith.addf"(%arg4, %10) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%11) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map2, #map3, #map4], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x4x9x9xf32>, tensor<2x4x3x3xf32>, tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    "func.return"(%9) : (tensor<1x2x7x7xf32>) -> ()
  }) {function_type = (tensor<1x4x4x4xf32>, tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32>, sym_name = "conv_transpose2d"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x1x3xf32>):
    %0 = "arith.constant"() {value = dense<0.000000e+00> : tensor<1x1x7xf32>} : () -> tensor<1x1x7xf32>
    %1 = "tensor.insert_slice"(%arg0, %0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 1, 1, 3>, static_strides = array<i64: 1, 1, 3>} : (tensor<1x1x3xf32>, tensor<1x1x7xf32>) -> tensor<1x1x7xf32>
    "func.return"(%1) : (tensor<1x1x7xf32>) -> ()
  }) {function_type = (tensor<1x1x3xf32>) -> tensor<1x1x7xf32>, sym_name = "conv_transpose1d_stride3"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3x5xf32>, %arg1: tensor<3x4x2xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = dense<0.000000e+00> : tensor<2x3x9xf32>} : () -> tensor<2x3x9xf32>
    %2 = "tensor.insert_slice"(%arg0, %1) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 2, 3, 5>, static_strides = array<i64: 1, 1, 2>} : (tensor<2x3x5xf32>, tensor<2x3x9xf32>) -> tensor<2x3x9xf32>
    %3 = "tensor.pad"(%2) ({
    ^bb0(%arg2: index, %arg3: index, %arg4: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 2>, static_low = array<i64: 0, 0, 1>} : (tensor<2x3x9xf32>) -> tensor<2x3x12xf32>
    %4 = "arith.constant"() {value = dense<0.000000e+00> : tensor<2x4x11xf32>} : () -> tensor<2x4x11xf32>
    %5 = "linalg.generic"(%3, %arg1, %4) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %6 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %7 = "arith.addf"(%arg4, %6) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) {indexing_maps = [#map5, #map6, #map7], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x3x12xf32>, tensor<3x4x2xf32>, tensor<2x4x11xf32>) -> tensor<2x4x11xf32>
    "func.return"(%5) : (tensor<2x4x11xf32>) -> ()
  }) {function_type = (tensor<2x3x5xf32>, tensor<3x4x2xf32>) -> tensor<2x4x11xf32>, sym_name = "conv_transpose1d_output_padding"} : () -> ()
}) : () -> ()

