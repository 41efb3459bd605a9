"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<16x8xf32>, %arg1: tensor<4x8xf32>, %arg2: index):
    %0 = "tensor.insert_slice"(%arg1, %arg0, %arg2) {operand_segment_sizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 1>} : (tensor<4x8xf32>, tensor<16x8xf32>, index) -> tensor<16x8xf32>
    "func.return"(%0) : (tensor<16x8xf32>) -> ()
  }) {function_type = (tensor<16x8xf32>, tensor<4x8xf32>, index) -> tensor<16x8xf32>, sym_name = "dyn_offset"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: tensor<?x4xf32>, %arg2: index, %arg3: index):
    %0 = "tensor.insert_slice"(%arg1, %arg0, %arg2, %arg2, %arg3) {operand_segment_sizes = array<i32: 1, 1, 2, 1, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>} : (tensor<?x4xf32>, tensor<?x?xf32>, index, index, index) -> tensor<?x?xf32>
    "func.return"(%0) : (tensor<?x?xf32>) -> ()
  }) {function_type = (tensor<?x?xf32>, tensor<?x4xf32>, index, index) -> tensor<?x?xf32>, sym_name = "dyn_sizes"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<32xf32>, %arg1: tensor<4xf32>, %arg2: index, %arg3: index):
    %0 = "tensor.insert_slice"(%arg1, %arg0, %arg2, %arg3) {operand_segment_sizes = array<i32: 1, 1, 1, 0, 1>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: -9223372036854775808>} : (tensor<4xf32>, tensor<32xf32>, index, index) -> tensor<32xf32>
    "func.return"(%0) : (tensor<32xf32>) -> ()
  }) {function_type = (tensor<32xf32>, tensor<4xf32>, index, index) -> tensor<32xf32>, sym_name = "dyn_strided"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4x?x8xf32>, %arg1: tensor<8xf32>, %arg2: index, %arg3: index):
    %0 = "tensor.insert_slice"(%arg1, %arg0, %arg2, %arg3) {operand_segment_sizes = array<i32: 1, 1, 2, 0, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808, 0>, static_sizes = array<i64: 1, 1, 8>, static_strides = array<i64: 1, 1, 1>} : (tensor<8xf32>, tensor<4x?x8xf32>, index, index) -> tensor<4x?x8xf32>
    "func.return"(%0) : (tensor<4x?x8xf32>) -> ()
  }) {function_type = (tensor<4x?x8xf32>, tensor<8xf32>, index, index) -> tensor<4x?x8xf32>, sym_name = "dyn_rank_reducing"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: tensor<2x2xf32>, %arg2: index, %arg3: index):
    %0 = "tensor.insert_slice"(%arg1, %arg0, %arg2, %arg3) {operand_segment_sizes = array<i32: 1, 1, 1, 0, 1>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: -9223372036854775808, 2>} : (tensor<2x2xf32>, tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
    "func.return"(%0) : (tensor<?x?xf32>) -> ()
  }) {function_type = (tensor<?x?xf32>, tensor<2x2xf32>, index, index) -> tensor<?x?xf32>, sym_name = "dyn_strided_2d"} : () -> ()
}) : () -> ()

