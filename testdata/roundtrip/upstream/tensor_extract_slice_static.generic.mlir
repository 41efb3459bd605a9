"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<8x16xf32>):
    %0 = "tensor.extract_slice"(%arg0) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 1>} : (tensor<8x16xf32>) -> tensor<4x8xf32>
    "func.return"(%0) : (tensor<4x8xf32>) -> ()
  }) {function_type = (tensor<8x16xf32>) -> tensor<4x8xf32>, sym_name = "static_slice"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8x16xf32>):
    %0 = "tensor.extract_slice"(%arg0) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 3, 5>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>} : (tensor<8x16xf32>) -> tensor<2x4xf32>
    "func.return"(%0) : (tensor<2x4xf32>) -> ()
  }) {function_type = (tensor<8x16xf32>) -> tensor<2x4xf32>, sym_name = "offset_slice"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8x16xf32>):
    %0 = "tensor.extract_slice"(%arg0) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 4, 5>, static_strides = array<i64: 2, 3>} : (tensor<8x16xf32>) -> tensor<4x5xf32>
    "func.return"(%0) : (tensor<4x5xf32>) -> ()
  }) {function_type = (tensor<8x16xf32>) -> tensor<4x5xf32>, sym_name = "strided_slice"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x4x6x6xf32>):
    %0 = "tensor.extract_slice"(%arg0) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 1, 1>, static_sizes = array<i64: 1, 4, 3, 3>, static_strides = array<i64: 1, 1, 2, 2>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
    "func.return"(%0) : (tensor<1x4x3x3xf32>) -> ()
  }) {function_type = (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>, sym_name = "slice_4d"} : () -> ()
}) : () -> ()

