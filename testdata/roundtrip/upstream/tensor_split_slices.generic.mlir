"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<8x8xf32>):
    %0 = "tensor.extract_slice"(%arg0) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 2, 2>} : (tensor<8x8xf32>) -> tensor<4x4xf32>
    %1 = "tensor.insert_slice"(%0, %arg0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    "func.return"(%1) : (tensor<8x8xf32>) -> ()
  }) {function_type = (tensor<8x8xf32>) -> tensor<8x8xf32>, sym_name = "extract_then_insert"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1, %arg2, %arg3, %arg3) {operand_segment_sizes = array<i32: 1, 2, 2, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>} : (tensor<?x?xf32>, index, index, index, index) -> tensor<?x?xf32>
    %1 = "tensor.insert_slice"(%0, %arg0, %arg2, %arg1, %arg3, %arg3) {operand_segment_sizes = array<i32: 1, 1, 2, 2, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: -9223372036854775808, -9223372036854775808>, static_strides = array<i64: 1, 1>} : (tensor<?x?xf32>, tensor<?x?xf32>, index, index, index, index) -> tensor<?x?xf32>
    "func.return"(%1) : (tensor<?x?xf32>) -> ()
  }) {function_type = (tensor<?x?xf32>, index, index, index) -> tensor<?x?xf32>, sym_name = "dynamic_tile"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "tensor.collapse_shape"(%arg0) {reassociation = [[0, 1], [2]]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    %1 = "tensor.expand_shape"(%0) {reassociation = [[0, 1], [2]]} : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%1) : (tensor<2x3x4xf32>) -> ()
  }) {function_type = (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>, sym_name = "reshape_pair"} : () -> ()
}) : () -> ()

