#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<100x16xf32>, %arg1: tensor<4xi64>):
    %0 = "tensor.empty"() : () -> tensor<4x16xf32>
    %1 = "linalg.generic"(%arg1, %0) ({
    ^bb0(%arg2: i64, %arg3: f32):
      %2 = "arith.index_cast"(%arg2) : (i64) -> index
      %3 = "linalg.index"() {dim = 1 : i64} : () -> index
      %4 = "tensor.extract"(%arg0, %2, %3) : (tensor<100x16xf32>, index, index) -> f32
      "linalg.yield"(%4) : (f32) -> ()
    }) {indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<4xi64>, tensor<4x16xf32>) -> tensor<4x16xf32>
    "func.return"(%1) : (tensor<4x16xf32>) -> ()
  }) {function_type = (tensor<100x16xf32>, tensor<4xi64>) -> tensor<4x16xf32>, sym_name = "embedding"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.constant"() {value = 1 : index} : () -> index
    %2 = "tensor.dim"(%arg0, %0) : (tensor<?xf32>, index) -> index
    %3 = "arith.subi"(%2, %1) : (index, index) -> index
    %4 = "linalg.generic"(%arg1) ({
    ^bb0(%arg2: f32):
      %5 = "linalg.index"() {dim = 0 : i64} : () -> index
      %6 = "arith.subi"(%3, %5) : (index, index) -> index
      %7 = "tensor.extract"(%arg0, %6) : (tensor<?xf32>, index) -> f32
      "linalg.yield"(%7) : (f32) -> ()
    }) {indexing_maps = [#map2], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 0, 1>} : (tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%4) : (tensor<?xf32>) -> ()
  }) {function_type = (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>, sym_name = "reverse"} : () -> ()
}) : () -> ()

