#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5, d3)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map9 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x8x16xf32>, %arg1: tensor<1x1x16x16xf32>, %arg2: tensor<3x3x16xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 6.000000e+00 : f32} : () -> f32
    %2 = "tensor.empty"() : () -> tensor<1x8x8x16xf32>
    %3 = "linalg.fill"(%0, %2) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    %4 = "linalg.conv_2d_nhwc_hwcf"(%arg0, %arg1, %3) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %9 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %10 = "arith.addf"(%arg5, %9) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x8x8x16xf32>, tensor<1x1x16x16xf32>, tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    %5 = "linalg.generic"(%4, %2) ({
    ^bb0(%arg3: f32, %arg4: f32):
      %9 = "arith.maxf"(%arg3, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %10 = "arith.minf"(%9, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) {indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    %6 = "tensor.pad"(%5) ({
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 1, 1, 0>, static_low = array<i64: 0, 1, 1, 0>} : (tensor<1x8x8x16xf32>) -> tensor<1x10x10x16xf32>
    %7 = "linalg.depthwise_conv_2d_nhwc_hwc"(%6, %arg2, %3) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %9 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %10 = "arith.addf"(%arg5, %9) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) {dilations = dense<1> : tensor<2xi64>, linalg.memoized_indexing_maps = [#map4, #map5, #map6], operand_segment_sizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>} : (tensor<1x10x10x16xf32>, tensor<3x3x16xf32>, tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    %8 = "arith.addf"(%7, %arg0) {fastmath = #arith.fastmath<none>} : (tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    "func.return"(%8) : (tensor<1x8x8x16xf32>) -> ()
  }) {function_type = (tensor<1x8x8x16xf32>, tensor<1x1x16x16xf32>, tensor<3x3x16xf32>) -> tensor<1x8x8x16xf32>, sym_name = "residual"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x8x16xf32>, %arg1: tensor<16x16xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 1.562500e-02 : f32} : () -> f32
    %2 = "tensor.empty"() : () -> tensor<1x16xf32>
    %3 = "linalg.fill"(%0, %2) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x16xf32>) -> tensor<1x16xf32>
    %4 = "linalg.reduce"(%arg0, %3) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %8 = "arith.addf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%8) : (f32) -> ()
    }) {dimensions = array<i64: 1, 2>} : (tensor<1x8x8x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
    %5 = "linalg.matmul"(%4, %arg1, %3) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %8 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %9 = "arith.addf"(%arg4, %8) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%9) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map7, #map8, #map9], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
    %6 = "tensor.empty"() : () -> tensor<1x8x8x16xf32>
    %7 = "linalg.generic"(%arg0, %5, %6) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %8 = "arith.mulf"(%arg3, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %9 = "arith.negf"(%8) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      %10 = "math.exp"(%9) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      %11 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
      %12 = "arith.addf"(%10, %11) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %13 = "arith.divf"(%11, %12) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %14 = "arith.mulf"(%arg2, %13) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%14) : (f32) -> ()
    }) {indexing_maps = [#map3, #map10, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<1x8x8x16xf32>, tensor<1x16xf32>, tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
    "func.return"(%7) : (tensor<1x8x8x16xf32>) -> ()
  }) {function_type = (tensor<1x8x8x16xf32>, tensor<16x16xf32>) -> tensor<1x8x8x16xf32>, sym_name = "squeeze_excite"} : () -> ()
}) : () -> ()

