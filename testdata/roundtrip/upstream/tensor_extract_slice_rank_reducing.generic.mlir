"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1) {operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, 8>, static_strides = array<i64: 1, 1>} : (tensor<4x8xf32>, index) -> tensor<8xf32>
    "func.return"(%0) : (tensor<8xf32>) -> ()
  }) {function_type = (tensor<4x8xf32>, index) -> tensor<8xf32>, sym_name = "row"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x3x4xf32>):
    %0 = "tensor.extract_slice"(%arg0) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 1, 3, 4>, static_strides = array<i64: 1, 1, 1>} : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
    "func.return"(%0) : (tensor<3x4xf32>) -> ()
  }) {function_type = (tensor<1x3x4xf32>) -> tensor<3x4xf32>, sym_name = "drop_batch"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4x4xf32>):
    %0 = "tensor.extract_slice"(%arg0) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 3>, static_sizes = array<i64: 1, 1>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) {function_type = (tensor<4x4xf32>) -> tensor<f32>, sym_name = "to_scalar_tensor"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x?x6xf32>, %arg1: index):
    %0 = "tensor.extract_slice"(%arg0, %arg1) {operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808, 0>, static_sizes = array<i64: 2, 1, 6>, static_strides = array<i64: 1, 1, 1>} : (tensor<2x?x6xf32>, index) -> tensor<2x6xf32>
    "func.return"(%0) : (tensor<2x6xf32>) -> ()
  }) {function_type = (tensor<2x?x6xf32>, index) -> tensor<2x6xf32>, sym_name = "middle_unit"} : () -> ()
}) : () -> ()

