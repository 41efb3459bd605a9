#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 - d5 + 2, d3 - d6 + 2)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5 * 2 + d2, d6 * 2 + d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0, d5, d6)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x4x3x3xf32>, %arg1: tensor<1x2x7x7xf32>, %arg2: tensor<4x2x3x3xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = dense<0.000000e+00> : tensor<1x4x5x5xf32>} : () -> tensor<1x4x5x5xf32>
    %2 = "tensor.insert_slice"(%arg0, %1) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 4, 3, 3>, static_strides = array<i64: 1, 1, 2, 2>} : (tensor<1x4x3x3xf32>, tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
    %3 = "tensor.pad"(%2) ({
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 2, 2>, static_low = array<i64: 0, 0, 2, 2>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x9x9xf32>
    %4 = "tensor.empty"() : () -> tensor<1x2x7x7xf32>
    %5 = "linalg.fill"(%0, %4) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    %6 = "linalg.generic"(%3, %arg2, %5) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %14 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %15 = "arith.addf"(%arg5, %14) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%15) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x4x9x9xf32>, tensor<4x2x3x3xf32>, tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
    %7 = "tensor.empty"() : () -> tensor<4x2x3x3xf32>
    %8 = "linalg.fill"(%0, %7) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
    %9 = "linalg.generic"(%arg1, %arg0, %8) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %14 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %15 = "arith.addf"(%arg5, %14) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%15) : (f32) -> ()
    }) {indexing_maps = [#map3, #map4, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x2x7x7xf32>, tensor<1x4x3x3xf32>, tensor<4x2x3x3xf32>) -> tensor<4x2x3x3xf32>
    %10 = "tensor.empty"() : () -> tensor<4xf32>
    %11 = "linalg.fill"(%0, %10) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4xf32>) -> tensor<4xf32>
    %12 = "tensor.collapse_shape"(%arg0) {reassociation = [[0, 1], [2, 3]]} : (tensor<1x4x3x3xf32>) -> tensor<4x9xf32>
    %13 = "linalg.reduce"(%12, %11) ({
    ^bb0(%arg3: f32, %arg4: f32):
      %14 = "arith.addf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%14) : (f32) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<4x9xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%6, %9, %13) : (tensor<1x2x7x7xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> ()
  }) {function_type = (tensor<1x4x3x3xf32>, tensor<1x2x7x7xf32>, tensor<4x2x3x3xf32>) -> (tensor<1x2x7x7xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>), sym_name = "convolution_backward"} : () -> ()
}) : () -> ()

