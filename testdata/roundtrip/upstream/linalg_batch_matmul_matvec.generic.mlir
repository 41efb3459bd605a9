#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0)>
#map6 = affine_map<(d0, d1) -> (d1, d0)>
#map7 = affine_map<(d0) -> (d0)>
#map8 = affine_map<(d0) -> ()>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x4x8xf32>, %arg1: tensor<2x8x3xf32>, %arg2: tensor<2x4x3xf32>):
    %0 = "linalg.batch_matmul"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x4x8xf32>, tensor<2x8x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    "func.return"(%0) : (tensor<2x4x3xf32>) -> ()
  }) {function_type = (tensor<2x4x8xf32>, tensor<2x8x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>, sym_name = "bmm"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?x64xf32>, %arg1: tensor<?x64x?xf32>, %arg2: tensor<?x?x?xf32>):
    %0 = "linalg.batch_matmul"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<?x?x64xf32>, tensor<?x64x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
    "func.return"(%0) : (tensor<?x?x?xf32>) -> ()
  }) {function_type = (tensor<?x?x64xf32>, tensor<?x64x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>, sym_name = "bmm_dynamic"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<4xf32>):
    %0 = "linalg.matvec"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map3, #map4, #map5], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "matvec"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<f32>):
    %0 = "linalg.vecmat"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32):
      %2 = "arith.mulf"(%arg4, %arg5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %3 = "arith.addf"(%arg6, %2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map4, #map6, #map5], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %1 = "linalg.dot"(%arg0, %arg0, %arg3) ({
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32):
      %2 = "arith.mulf"(%arg4, %arg5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %3 = "arith.addf"(%arg6, %2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map7, #map7, #map8], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> tensor<f32>
    "func.return"(%0, %1) : (tensor<8xf32>, tensor<f32>) -> ()
  }) {function_type = (tensor<4xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<f32>) -> (tensor<8xf32>, tensor<f32>), sym_name = "vecmat_dot"} : () -> ()
}) : () -> ()

