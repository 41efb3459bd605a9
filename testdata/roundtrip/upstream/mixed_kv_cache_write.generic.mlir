#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x128x16xf16>, %arg1: tensor<1x8x128x16xf16>, %arg2: tensor<1x4x128xf16>, %arg3: tensor<1x4x128xf16>, %arg4: i64):
    %0 = "tensor.expand_shape"(%arg2) {reassociation = [[0], [1], [2, 3]]} : (tensor<1x4x128xf16>) -> tensor<1x4x8x16xf16>
    %1 = "tensor.expand_shape"(%arg3) {reassociation = [[0], [1], [2, 3]]} : (tensor<1x4x128xf16>) -> tensor<1x4x8x16xf16>
    %2 = "tensor.empty"() : () -> tensor<1x8x4x16xf16>
    %3 = "linalg.transpose"(%0, %2) ({
    ^bb0(%arg5: f16, %arg6: f16):
      "linalg.yield"(%arg5) : (f16) -> ()
    }) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<1x4x8x16xf16>, tensor<1x8x4x16xf16>) -> tensor<1x8x4x16xf16>
    %4 = "linalg.transpose"(%1, %2) ({
    ^bb0(%arg5: f16, %arg6: f16):
      "linalg.yield"(%arg5) : (f16) -> ()
    }) {permutation = array<i64: 0, 2, 1, 3>} : (tensor<1x4x8x16xf16>, tensor<1x8x4x16xf16>) -> tensor<1x8x4x16xf16>
    %5 = "arith.index_cast"(%arg4) : (i64) -> index
    %6 = "tensor.insert_slice"(%3, %arg0, %5) {operand_segment_sizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 0, 0, -9223372036854775808, 0>, static_sizes = array<i64: 1, 8, 4, 16>, static_strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x4x16xf16>, tensor<1x8x128x16xf16>, index) -> tensor<1x8x128x16xf16>
    %7 = "tensor.insert_slice"(%4, %arg1, %5) {operand_segment_sizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 0, 0, -9223372036854775808, 0>, static_sizes = array<i64: 1, 8, 4, 16>, static_strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x4x16xf16>, tensor<1x8x128x16xf16>, index) -> tensor<1x8x128x16xf16>
    "func.return"(%6, %7) : (tensor<1x8x128x16xf16>, tensor<1x8x128x16xf16>) -> ()
  }) {function_type = (tensor<1x8x128x16xf16>, tensor<1x8x128x16xf16>, tensor<1x4x128xf16>, tensor<1x4x128xf16>, i64) -> (tensor<1x8x128x16xf16>, tensor<1x8x128x16xf16>), sym_name = "kv_cache_write"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x128x16xf16>, %arg1: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1) {operand_segment_sizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 8, -9223372036854775808, 16>, static_strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x128x16xf16>, index) -> tensor<8x?x16xf16>
    "func.return"(%0) : (tensor<8x?x16xf16>) -> ()
  }) {function_type = (tensor<1x8x128x16xf16>, index) -> tensor<8x?x16xf16>, sym_name = "kv_cache_read"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x?x64xf32>, %arg1: tensor<2x64xf32>, %arg2: index):
    %0 = "tensor.insert_slice"(%arg1, %arg0, %arg2) {operand_segment_sizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808, 0>, static_sizes = array<i64: 2, 1, 64>, static_strides = array<i64: 1, 1, 1>} : (tensor<2x64xf32>, tensor<2x?x64xf32>, index) -> tensor<2x?x64xf32>
    "func.return"(%0) : (tensor<2x?x64xf32>) -> ()
  }) {function_type = (tensor<2x?x64xf32>, tensor<2x64xf32>, index) -> tensor<2x?x64xf32>, sym_name = "kv_cache_single_token"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x128x16xf16>, %arg1: tensor<8x1x16xf16>, %arg2: index):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.extract_slice"(%arg0, %arg2) {operand_segment_sizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 8, -9223372036854775808, 16>, static_strides = array<i64: 1, 1, 1, 1>} : (tensor<1x8x128x16xf16>, index) -> tensor<8x?x16xf16>
    %2 = "tensor.empty"(%arg2) : (index) -> tensor<8x16x?xf16>
    %3 = "linalg.transpose"(%1, %2) ({
    ^bb0(%arg3: f16, %arg4: f16):
      "linalg.yield"(%arg3) : (f16) -> ()
    }) {permutation = array<i64: 0, 2, 1>} : (tensor<8x?x16xf16>, tensor<8x16x?xf16>) -> tensor<8x16x?xf16>
    %4 = "tensor.empty"(%arg2) : (index) -> tensor<8x1x?xf32>
    %5 = "linalg.fill"(%0, %4) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<8x1x?xf32>) -> tensor<8x1x?xf32>
    %6 = "linalg.batch_matmul"(%arg1, %3, %5) ({
    ^bb0(%arg3: f16, %arg4: f16, %arg5: f32):
      %7 = "arith.extf"(%arg3) : (f16) -> f32
      %8 = "arith.extf"(%arg4) : (f16) -> f32
      %9 = "arith.mulf"(%7, %8) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %10 = "arith.addf"(%arg5, %9) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<8x1x16xf16>, tensor<8x16x?xf16>, tensor<8x1x?xf32>) -> tensor<8x1x?xf32>
    "func.return"(%6) : (tensor<8x1x?xf32>) -> ()
  }) {function_type = (tensor<1x8x128x16xf16>, tensor<8x1x16xf16>, index) -> tensor<8x1x?xf32>, sym_name = "decode_scores"} : () -> ()
}) : () -> ()

