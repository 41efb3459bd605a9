#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x10xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xi64>):
    %0:2 = "linalg.generic"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: i64):
      %1 = "linalg.index"() {dim = 1 : i64} : () -> index
      %2 = "arith.index_cast"(%1) : (index) -> i64
      %3 = "arith.cmpf"(%arg3, %arg4) {predicate = 2 : i64} : (f32, f32) -> i1
      %4 = "arith.select"(%3, %arg3, %arg4) : (i1, f32, f32) -> f32
      %5 = "arith.select"(%3, %2, %arg5) : (i1, i64, i64) -> i64
      "linalg.yield"(%4, %5) : (f32, i64) -> ()
    }) {indexing_maps = [#map, #map1, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 2>} : (tensor<4x10xf32>, tensor<4xf32>, tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>)
    "func.return"(%0#0, %0#1) : (tensor<4xf32>, tensor<4xi64>) -> ()
  }) {function_type = (tensor<4x10xf32>, tensor<4xf32>, tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>), sym_name = "argmax"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x16xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>):
    %0:2 = "linalg.generic"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.addf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.mulf"(%arg3, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %3 = "arith.addf"(%2, %arg5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%1, %3) : (f32, f32) -> ()
    }) {indexing_maps = [#map, #map1, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 2>} : (tensor<2x16xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    "func.return"(%0#0, %0#1) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {function_type = (tensor<2x16xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>), sym_name = "moments"} : () -> ()
}) : () -> ()

