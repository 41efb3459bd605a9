"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<8x16xf32>, %arg1: index, %arg2: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1, %arg2) {operand_segment_sizes = array<i32: 1, 2, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (tensor<8x16xf32>, index, index) -> tensor<4x4xf32>
    "func.return"(%0) : (tensor<4x4xf32>) -> ()
  }) {function_type = (tensor<8x16xf32>, index, index) -> tensor<4x4xf32>, sym_name = "dyn_offsets"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1) {operand_segment_sizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>} : (tensor<?x?xf32>, index) -> tensor<?x4xf32>
    "func.return"(%0) : (tensor<?x4xf32>) -> ()
  }) {function_type = (tensor<?x?xf32>, index) -> tensor<?x4xf32>, sym_name = "dyn_sizes"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<64xf32>, %arg1: index, %arg2: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1, %arg2) {operand_segment_sizes = array<i32: 1, 1, 0, 1>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 8>, static_strides = array<i64: -9223372036854775808>} : (tensor<64xf32>, index, index) -> tensor<8xf32>
    "func.return"(%0) : (tensor<8xf32>) -> ()
  }) {function_type = (tensor<64xf32>, index, index) -> tensor<8xf32>, sym_name = "dyn_strides"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1, %arg3, %arg2, %arg2, %arg3) {operand_segment_sizes = array<i32: 1, 2, 2, 1>, static_offsets = array<i64: -9223372036854775808, 0, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808, 2>, static_strides = array<i64: 1, -9223372036854775808, 1>} : (tensor<?x?x?xf32>, index, index, index, index, index) -> tensor<?x?x2xf32>
    "func.return"(%0) : (tensor<?x?x2xf32>) -> ()
  }) {function_type = (tensor<?x?x?xf32>, index, index, index) -> tensor<?x?x2xf32>, sym_name = "all_dynamic"} : () -> ()
}) : () -> ()

