#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3x4xf32>, %arg1: tensor<12x5xf32>, %arg2: tensor<2x5xf32>):
    %0 = "tensor.collapse_shape"(%arg0) {reassociation = [[0], [1, 2]]} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
    %1 = "linalg.matmul"(%0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %2 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %3 = "arith.addf"(%arg5, %2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x12xf32>, tensor<12x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
    "func.return"(%1) : (tensor<2x5xf32>) -> ()
  }) {function_type = (tensor<2x3x4xf32>, tensor<12x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>, sym_name = "flatten_linear"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<10x4xf32>, %arg1: i32):
    %0 = "arith.index_cast"(%arg1) : (i32) -> index
    %1 = "tensor.extract_slice"(%arg0, %0) {operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>} : (tensor<10x4xf32>, index) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<10x4xf32>, i32) -> tensor<4xf32>, sym_name = "gather_row"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x4x4xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 6.250000e-02 : f32} : () -> f32
    %2 = "tensor.empty"() : () -> tensor<1x8xf32>
    %3 = "linalg.fill"(%0, %2) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x8xf32>) -> tensor<1x8xf32>
    %4 = "linalg.reduce"(%arg0, %3) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %6 = "arith.addf"(%arg1, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) {dimensions = array<i64: 2, 3>} : (tensor<1x8x4x4xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
    %5 = "linalg.map"(%4, %2) ({
    ^bb0(%arg1: f32):
      %6 = "arith.mulf"(%arg1, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
    "func.return"(%5) : (tensor<1x8xf32>) -> ()
  }) {function_type = (tensor<1x8x4x4xf32>) -> tensor<1x8xf32>, sym_name = "global_avg_pool"} : () -> ()
}) : () -> ()

