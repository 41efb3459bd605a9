#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x8x16xbf16>, %arg1: tensor<2x8x16xbf16>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 2.500000e-01 : f32} : () -> f32
    %2 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %3 = "tensor.empty"() : () -> tensor<2x8x16xf32>
    %4 = "linalg.generic"(%arg0, %3) ({
    ^bb0(%arg2: bf16, %arg3: f32):
      %12 = "arith.extf"(%arg2) : (bf16) -> f32
      "linalg.yield"(%12) : (f32) -> ()
    }) {indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<2x8x16xbf16>, tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    %5 = "linalg.generic"(%arg1, %3) ({
    ^bb0(%arg2: bf16, %arg3: f32):
      %12 = "arith.extf"(%arg2) : (bf16) -> f32
      "linalg.yield"(%12) : (f32) -> ()
    }) {indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<2x8x16xbf16>, tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    %6 = "tensor.empty"() : () -> tensor<2x16x8xf32>
    %7 = "linalg.transpose"(%5, %6) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {permutation = array<i64: 0, 2, 1>} : (tensor<2x8x16xf32>, tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
    %8 = "tensor.empty"() : () -> tensor<2x8x8xf32>
    %9 = "linalg.fill"(%0, %8) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %10 = "linalg.batch_matmul"(%4, %7, %9) ({
    ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
      %12 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %13 = "arith.addf"(%arg4, %12) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%13) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map1, #map2, #map3], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x8x16xf32>, tensor<2x16x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %11 = "linalg.generic"(%10, %8) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %12 = "linalg.index"() {dim = 1 : i64} : () -> index
      %13 = "linalg.index"() {dim = 2 : i64} : () -> index
      %14 = "arith.mulf"(%arg2, %1) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
      %15 = "arith.cmpi"(%13, %12) {predicate = 8 : i64} : (index, index) -> i1
      %16 = "arith.select"(%15, %2, %14) : (i1, f32, f32) -> f32
      "linalg.yield"(%16) : (f32) -> ()
    }) {indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<2x8x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    "func.return"(%11) : (tensor<2x8x8xf32>) -> ()
  }) {function_type = (tensor<2x8x16xbf16>, tensor<2x8x16xbf16>) -> tensor<2x8x8xf32>, sym_name = "attention_scores"} : () -> ()
}) : () -> ()

