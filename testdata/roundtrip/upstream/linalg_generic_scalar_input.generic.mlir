#map = affine_map<(d0, d1) -> ()>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0) -> ()>
#map3 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: tensor<3x5xf32>, %arg2: tensor<3x5xf32>):
    %0 = "linalg.generic"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%1, %arg5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (f32, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    "func.return"(%0) : (tensor<3x5xf32>) -> ()
  }) {function_type = (f32, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>, sym_name = "axpy"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<3x5xf32>):
    %0 = "tensor.empty"() : () -> tensor<3x5xf32>
    %1 = "linalg.generic"(%arg0, %arg1, %0) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %2 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<f32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    "func.return"(%1) : (tensor<3x5xf32>) -> ()
  }) {function_type = (tensor<f32>, tensor<3x5xf32>) -> tensor<3x5xf32>, sym_name = "scale_by_rank0"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: tensor<8xi32>, %arg3: tensor<8xi32>):
    %0 = "linalg.generic"(%arg0, %arg1, %arg2, %arg3) ({
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32):
      %1 = "arith.maxsi"(%arg6, %arg4) : (i32, i32) -> i32
      %2 = "arith.minsi"(%1, %arg5) : (i32, i32) -> i32
      "linalg.yield"(%2) : (i32) -> ()
    }) {indexing_maps = [#map2, #map2, #map3, #map3], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 3, 1>} : (i32, i32, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    "func.return"(%0) : (tensor<8xi32>) -> ()
  }) {function_type = (i32, i32, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>, sym_name = "clamp_int"} : () -> ()
}) : () -> ()

