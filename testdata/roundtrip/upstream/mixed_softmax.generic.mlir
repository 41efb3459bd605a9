#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<?x10xf32>):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %2 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %3 = "tensor.dim"(%arg0, %0) : (tensor<?x10xf32>, index) -> index
    %4 = "tensor.empty"(%3) : (index) -> tensor<?xf32>
    %5 = "linalg.fill"(%1, %4) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<?xf32>) -> tensor<?xf32>
    %6 = "linalg.generic"(%arg0, %5) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %12 = "arith.maxf"(%arg1, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%12) : (f32) -> ()
    }) {indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<?x10xf32>, tensor<?xf32>) -> tensor<?xf32>
    %7 = "tensor.empty"(%3) : (index) -> tensor<?x10xf32>
    %8 = "linalg.generic"(%arg0, %6, %7) ({
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %12 = "arith.subf"(%arg1, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %13 = "math.exp"(%12) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      "linalg.yield"(%13) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<?x10xf32>, tensor<?xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
    %9 = "linalg.fill"(%2, %4) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<?xf32>) -> tensor<?xf32>
    %10 = "linalg.generic"(%8, %9) ({
    ^bb0(%arg1: f32, %arg2: f32):
      %12 = "arith.addf"(%arg1, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%12) : (f32) -> ()
    }) {indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<?x10xf32>, tensor<?xf32>) -> tensor<?xf32>
    %11 = "linalg.generic"(%8, %10, %7) ({
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %12 = "arith.divf"(%arg1, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%12) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<?x10xf32>, tensor<?xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
    "func.return"(%11) : (tensor<?x10xf32>) -> ()
  }) {function_type = (tensor<?x10xf32>) -> tensor<?x10xf32>, sym_name = "softmax"} : () -> ()
}) : () -> ()

