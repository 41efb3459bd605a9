"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "arith.constant"() {value = dense<0.000000e+00> : tensor<7xf32>} : () -> tensor<7xf32>
    %1 = "tensor.insert_slice"(%arg0, %0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 2>} : (tensor<4xf32>, tensor<7xf32>) -> tensor<7xf32>
    "func.return"(%1) : (tensor<7xf32>) -> ()
  }) {function_type = (tensor<4xf32>) -> tensor<7xf32>, sym_name = "stride2_1d"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x2x3x3xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<1x2x5x5xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
    %3 = "tensor.insert_slice"(%arg0, %2) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 2, 3, 3>, static_strides = array<i64: 1, 1, 2, 2>} : (tensor<1x2x3x3xf32>, tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
    "func.return"(%3) : (tensor<1x2x5x5xf32>) -> ()
  }) {function_type = (tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>, sym_name = "stride2_nchw"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<8x12xf32>):
    %0 = "tensor.insert_slice"(%arg0, %arg1) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 1, 2>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 3, 3>} : (tensor<2x3xf32>, tensor<8x12xf32>) -> tensor<8x12xf32>
    "func.return"(%0) : (tensor<8x12xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<8x12xf32>) -> tensor<8x12xf32>, sym_name = "stride3_offset"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2x4xf32>, %arg1: tensor<4x6x4xf32>):
    %0 = "tensor.insert_slice"(%arg0, %arg1) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 1, 1, 0>, static_sizes = array<i64: 2, 2, 4>, static_strides = array<i64: 2, 3, 1>} : (tensor<2x2x4xf32>, tensor<4x6x4xf32>) -> tensor<4x6x4xf32>
    "func.return"(%0) : (tensor<4x6x4xf32>) -> ()
  }) {function_type = (tensor<2x2x4xf32>, tensor<4x6x4xf32>) -> tensor<4x6x4xf32>, sym_name = "mixed_strides"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x2x2x8xf32>):
    %0 = "arith.constant"() {value = dense<0.000000e+00> : tensor<1x4x4x8xf32>} : () -> tensor<1x4x4x8xf32>
    %1 = "tensor.insert_slice"(%arg0, %0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 1, 1, 0>, static_sizes = array<i64: 1, 2, 2, 8>, static_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x2x2x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
    "func.return"(%1) : (tensor<1x4x4x8xf32>) -> ()
  }) {function_type = (tensor<1x2x2x8xf32>) -> tensor<1x4x4x8xf32>, sym_name = "strided_nhwc"} : () -> ()
}) : () -> ()

