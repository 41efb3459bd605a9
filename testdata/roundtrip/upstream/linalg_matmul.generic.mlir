#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<4x16xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = "linalg.matmul"(%arg0, %arg1, %2) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %4 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %5 = "arith.addf"(%arg4, %4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    "func.return"(%3) : (tensor<4x16xf32>) -> ()
  }) {function_type = (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>, sym_name = "matmul_static"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %1 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %2 = "arith.addf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    "func.return"(%0) : (tensor<?x?xf32>) -> ()
  }) {function_type = (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>, sym_name = "matmul_dynamic"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf16>, %arg1: tensor<3x2xf16>, %arg2: tensor<2x2xf32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: f16, %arg4: f16, %arg5: f32):
      %1 = "arith.extf"(%arg3) : (f16) -> f32
      %2 = "arith.extf"(%arg4) : (f16) -> f32
      %3 = "arith.mulf"(%1, %2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %4 = "arith.addf"(%arg5, %3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%4) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x3xf16>, tensor<3x2xf16>, tensor<2x2xf32>) -> tensor<2x2xf32>
    "func.return"(%0) : (tensor<2x2xf32>) -> ()
  }) {function_type = (tensor<2x3xf16>, tensor<3x2xf16>, tensor<2x2xf32>) -> tensor<2x2xf32>, sym_name = "matmul_f16"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x4xi8>, %arg1: tensor<4x2xi8>, %arg2: tensor<2x2xi32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: i8, %arg4: i8, %arg5: i32):
      %1 = "arith.extsi"(%arg3) : (i8) -> i32
      %2 = "arith.extsi"(%arg4) : (i8) -> i32
      %3 = "arith.muli"(%1, %2) : (i32, i32) -> i32
      %4 = "arith.addi"(%arg5, %3) : (i32, i32) -> i32
      "linalg.yield"(%4) : (i32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x4xi8>, tensor<4x2xi8>, tensor<2x2xi32>) -> tensor<2x2xi32>
    "func.return"(%0) : (tensor<2x2xi32>) -> ()
  }) {function_type = (tensor<2x4xi8>, tensor<4x2xi8>, tensor<2x2xi32>) -> tensor<2x2xi32>, sym_name = "matmul_i8"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x4xi8>, %arg1: tensor<4x2xi8>, %arg2: tensor<2x2xi32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: i8, %arg4: i8, %arg5: i32):
      %1 = "arith.extui"(%arg3) : (i8) -> i32
      %2 = "arith.extui"(%arg4) : (i8) -> i32
      %3 = "arith.muli"(%1, %2) : (i32, i32) -> i32
      %4 = "arith.addi"(%arg5, %3) : (i32, i32) -> i32
      "linalg.yield"(%4) : (i32) -> ()
    }) {cast = #linalg.type_fn<cast_unsigned>, linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x4xi8>, tensor<4x2xi8>, tensor<2x2xi32>) -> tensor<2x2xi32>
    "func.return"(%0) : (tensor<2x2xi32>) -> ()
  }) {function_type = (tensor<2x4xi8>, tensor<4x2xi8>, tensor<2x2xi32>) -> tensor<2x2xi32>, sym_name = "matmul_u8"} : () -> ()
}) : () -> ()

