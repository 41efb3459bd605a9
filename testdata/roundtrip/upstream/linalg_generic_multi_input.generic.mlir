#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d1, d0)>
#map4 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4xf32>, %arg3: tensor<8x4xf32>):
    %0 = "tensor.empty"() : () -> tensor<4x8xf32>
    %1 = "linalg.generic"(%arg0, %arg1, %arg2, %arg3, %0) ({
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32, %arg7: f32, %arg8: f32):
      %2 = "arith.mulf"(%arg4, %arg5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %3 = "arith.addf"(%2, %arg6) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %4 = "arith.addf"(%3, %arg7) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%4) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map2, #map3, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 4, 1>} : (tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%1) : (tensor<4x8xf32>) -> ()
  }) {function_type = (tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<8x4xf32>) -> tensor<4x8xf32>, sym_name = "fma_broadcast"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8xf16>, %arg1: tensor<8xi1>, %arg2: tensor<8xi32>):
    %0 = "tensor.empty"() : () -> tensor<8xf32>
    %1 = "linalg.generic"(%arg0, %arg1, %arg2, %0) ({
    ^bb0(%arg3: f16, %arg4: i1, %arg5: i32, %arg6: f32):
      %2 = "arith.extf"(%arg3) : (f16) -> f32
      %3 = "arith.sitofp"(%arg5) : (i32) -> f32
      %4 = "arith.addf"(%2, %3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %5 = "arith.select"(%arg4, %4, %arg6) : (i1, f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {indexing_maps = [#map4, #map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 3, 1>} : (tensor<8xf16>, tensor<8xi1>, tensor<8xi32>, tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%1) : (tensor<8xf32>) -> ()
  }) {function_type = (tensor<8xf16>, tensor<8xi1>, tensor<8xi32>) -> tensor<8xf32>, sym_name = "mixed_types"} : () -> ()
}) : () -> ()

