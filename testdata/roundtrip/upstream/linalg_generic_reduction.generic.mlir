#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> ()>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<4xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4xf32>) -> tensor<4xf32>
    %3 = "linalg.generic"(%arg0, %2) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %4 = "arith.addf"(%arg1, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%4) : (f32) -> ()
    }) {indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%3) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4x8xf32>) -> tensor<4xf32>, sym_name = "row_sum"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x16xf32>, %arg1: tensor<?xf32>):
    %0 = "linalg.generic"(%arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "arith.maxf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) {indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<?x16xf32>, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }) {function_type = (tensor<?x16xf32>, tensor<?xf32>) -> tensor<?xf32>, sym_name = "row_max"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>):
    %0 = "linalg.generic"(%arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "arith.addf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) {indexing_maps = [#map, #map2], iterator_types = [#linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>, sym_name = "total"} : () -> ()
}) : () -> ()

