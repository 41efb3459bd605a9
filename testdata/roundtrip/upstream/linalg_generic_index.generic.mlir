#map = affine_map<(d0, d1) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<3x4xi64>):
    %0 = "linalg.generic"(%arg0) ({
    ^bb0(%arg1: i64):
      %1 = "linalg.index"() {dim = 0 : i64} : () -> index
      %2 = "linalg.index"() {dim = 1 : i64} : () -> index
      %3 = "arith.constant"() {value = 4 : index} : () -> index
      %4 = "arith.muli"(%1, %3) : (index, index) -> index
      %5 = "arith.addi"(%4, %2) : (index, index) -> index
      %6 = "arith.index_cast"(%5) : (index) -> i64
      "linalg.yield"(%6) : (i64) -> ()
    }) {indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 0, 1>} : (tensor<3x4xi64>) -> tensor<3x4xi64>
    "func.return"(%0) : (tensor<3x4xi64>) -> ()
  }) {function_type = (tensor<3x4xi64>) -> tensor<3x4xi64>, sym_name = "iota2d"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8x8xf32>):
    %0 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<8x8xf32>
    %2 = "linalg.generic"(%arg0, %1) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %3 = "linalg.index"() {dim = 0 : i64} : () -> index
      %4 = "linalg.index"() {dim = 1 : i64} : () -> index
      %5 = "arith.cmpi"(%4, %3) {predicate = 8 : i64} : (index, index) -> i1
      %6 = "arith.select"(%5, %0, %arg1) : (i1, f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) {indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    "func.return"(%2) : (tensor<8x8xf32>) -> ()
  }) {function_type = (tensor<8x8xf32>) -> tensor<8x8xf32>, sym_name = "causal_mask"} : () -> ()
}) : () -> ()

