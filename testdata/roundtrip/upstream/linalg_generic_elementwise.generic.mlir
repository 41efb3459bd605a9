#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<4x8xf32>
    %2 = "linalg.generic"(%arg0, %1) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %3 = "arith.maxf"(%arg1, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) {indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%2) : (tensor<4x8xf32>) -> ()
  }) {function_type = (tensor<4x8xf32>) -> tensor<4x8xf32>, sym_name = "relu"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>):
    %0 = "linalg.generic"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.addf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) {indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%0) : (tensor<?x?xf32>) -> ()
  }) {function_type = (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "add_dynamic"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<16xi8>):
    %0 = "tensor.empty"() : () -> tensor<16xf32>
    %1 = "linalg.generic"(%arg0, %0) ({
    ^bb0(%arg1: i8, %arg2: f32):
      %2 = "arith.sitofp"(%arg1) : (i8) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {indexing_maps = [#map1, #map1], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<16xi8>, tensor<16xf32>) -> tensor<16xf32>
    "func.return"(%1) : (tensor<16xf32>) -> ()
  }) {function_type = (tensor<16xi8>) -> tensor<16xf32>, sym_name = "cast_i8_to_f32"} : () -> ()
}) : () -> ()

