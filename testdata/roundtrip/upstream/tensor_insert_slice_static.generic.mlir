"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<2x4xf32>):
    %0 = "tensor.insert_slice"(%arg1, %arg0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 2, 4>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>} : (tensor<2x4xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    "func.return"(%0) : (tensor<8x8xf32>) -> ()
  }) {function_type = (tensor<8x8xf32>, tensor<2x4xf32>) -> tensor<8x8xf32>, sym_name = "insert_tile"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>):
    %0 = "tensor.insert_slice"(%arg1, %arg0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    "func.return"(%0) : (tensor<4x4xf32>) -> ()
  }) {function_type = (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "insert_origin"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>):
    %0 = "tensor.insert_slice"(%arg1, %arg0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 1, 0>, static_sizes = array<i64: 1, 5>, static_strides = array<i64: 1, 1>} : (tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    "func.return"(%0) : (tensor<3x5xf32>) -> ()
  }) {function_type = (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>, sym_name = "insert_row"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<4x3xf32>):
    %0 = "tensor.empty"() : () -> tensor<6x3xf32>
    %1 = "tensor.insert_slice"(%arg0, %0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
    %2 = "tensor.insert_slice"(%arg1, %1) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 2, 0>, static_sizes = array<i64: 4, 3>, static_strides = array<i64: 1, 1>} : (tensor<4x3xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
    "func.return"(%2) : (tensor<6x3xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>, sym_name = "concat"} : () -> ()
}) : () -> ()

