#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x8xi8>, %arg1: tensor<8x4xi8>, %arg2: f32):
    %0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %1 = "arith.constant"() {value = -128 : i32} : () -> i32
    %2 = "arith.constant"() {value = 127 : i32} : () -> i32
    %3 = "tensor.empty"() : () -> tensor<4x4xi32>
    %4 = "linalg.fill"(%0, %3) ({
    ^bb0(%arg3: i32, %arg4: i32):
      "linalg.yield"(%arg3) : (i32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (i32, tensor<4x4xi32>) -> tensor<4x4xi32>
    %5 = "linalg.matmul"(%arg0, %arg1, %4) ({
    ^bb0(%arg3: i8, %arg4: i8, %arg5: i32):
      %8 = "arith.extsi"(%arg3) : (i8) -> i32
      %9 = "arith.extsi"(%arg4) : (i8) -> i32
      %10 = "arith.muli"(%8, %9) : (i32, i32) -> i32
      %11 = "arith.addi"(%arg5, %10) : (i32, i32) -> i32
      "linalg.yield"(%11) : (i32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4x8xi8>, tensor<8x4xi8>, tensor<4x4xi32>) -> tensor<4x4xi32>
    %6 = "tensor.empty"() : () -> tensor<4x4xi8>
    %7 = "linalg.generic"(%5, %6) ({
    ^bb0(%arg3: i32, %arg4: i8):
      %8 = "arith.sitofp"(%arg3) : (i32) -> f32
      %9 = "arith.mulf"(%8, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %10 = "math.roundeven"(%9) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      %11 = "arith.fptosi"(%10) : (f32) -> i32
      %12 = "arith.maxsi"(%11, %1) : (i32, i32) -> i32
      %13 = "arith.minsi"(%12, %2) : (i32, i32) -> i32
      %14 = "arith.trunci"(%13) : (i32) -> i8
      "linalg.yield"(%14) : (i8) -> ()
    }) {indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<4x4xi32>, tensor<4x4xi8>) -> tensor<4x4xi8>
    "func.return"(%7) : (tensor<4x4xi8>) -> ()
  }) {function_type = (tensor<4x8xi8>, tensor<8x4xi8>, f32) -> tensor<4x4xi8>, sym_name = "qmatmul"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8xi32>):
    %0 = "tensor.empty"() : () -> tensor<8xi32>
    %1 = "linalg.generic"(%arg0, %0) ({
    ^bb0(%arg1: i32, %arg2: i32):
      %2 = "arith.constant"() {value = 31 : i32} : () -> i32
      %3 = "arith.shrsi"(%arg1, %2) : (i32, i32) -> i32
      %4 = "arith.xori"(%arg1, %3) : (i32, i32) -> i32
      %5 = "arith.subi"(%4, %3) : (i32, i32) -> i32
      %6 = "arith.shrui"(%5, %2) : (i32, i32) -> i32
      %7 = "arith.ori"(%5, %6) : (i32, i32) -> i32
      "linalg.yield"(%7) : (i32) -> ()
    }) {indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    "func.return"(%1) : (tensor<8xi32>) -> ()
  }) {function_type = (tensor<8xi32>) -> tensor<8xi32>, sym_name = "bit_tricks"} : () -> ()
}) : () -> ()

