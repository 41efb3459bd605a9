"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<1x2x4x4xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.pad"(%arg0) ({
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1>, static_low = array<i64: 0, 0, 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32>
    "func.return"(%1) : (tensor<1x2x6x6xf32>) -> ()
  }) {function_type = (tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32>, sym_name = "pad_zero"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<3x4xf32>):
    %0 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %1 = "tensor.pad"(%arg0) ({
    ^bb0(%arg1: index, %arg2: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 3>, static_low = array<i64: 2, 0>} : (tensor<3x4xf32>) -> tensor<5x7xf32>
    "func.return"(%1) : (tensor<5x7xf32>) -> ()
  }) {function_type = (tensor<3x4xf32>) -> tensor<5x7xf32>, sym_name = "pad_asymmetric"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4xi64>):
    %0 = "tensor.pad"(%arg0) ({
    ^bb0(%arg1: index):
      %1 = "arith.index_cast"(%arg1) : (index) -> i64
      "tensor.yield"(%1) : (i64) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 1>, static_low = array<i64: 1>} : (tensor<4xi64>) -> tensor<6xi64>
    "func.return"(%0) : (tensor<6xi64>) -> ()
  }) {function_type = (tensor<4xi64>) -> tensor<6xi64>, sym_name = "pad_index_value"} : () -> ()
}) : () -> ()

