#map = affine_map<(d0, d1) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<4x4xf32>
    %2 = "linalg.generic"(%arg0, %arg1, %1) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %3 = "arith.cmpf"(%arg3, %0) {predicate = 2 : i64} : (f32, f32) -> i1
      %4 = "arith.select"(%3, %arg2, %0) : (i1, f32, f32) -> f32
      "linalg.yield"(%4) : (f32) -> ()
    }) {indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    "func.return"(%2) : (tensor<4x4xf32>) -> ()
  }) {function_type = (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "relu_backward"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x8xf32>, %arg1: tensor<2x8xi1>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 1.250000e+00 : f32} : () -> f32
    %2 = "tensor.empty"() : () -> tensor<2x8xf32>
    %3 = "linalg.generic"(%arg0, %arg1, %2) ({
    ^bb0(%arg2: f32, %arg3: i1, %arg4: f32):
      %4 = "arith.mulf"(%arg2, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %5 = "arith.select"(%arg3, %4, %0) : (i1, f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x8xf32>, tensor<2x8xi1>, tensor<2x8xf32>) -> tensor<2x8xf32>
    "func.return"(%3) : (tensor<2x8xf32>) -> ()
  }) {function_type = (tensor<2x8xf32>, tensor<2x8xi1>) -> tensor<2x8xf32>, sym_name = "dropout"} : () -> ()
}) : () -> ()

