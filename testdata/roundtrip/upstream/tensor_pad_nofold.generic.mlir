"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.pad"(%arg0) ({
    ^bb0(%arg1: index, %arg2: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {nofold, operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 1, 1>, static_low = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<4x5xf32>
    "func.return"(%1) : (tensor<4x5xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>) -> tensor<4x5xf32>, sym_name = "pad_nofold"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.pad"(%arg0) ({
    ^bb0(%arg1: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {nofold, operand_segment_sizes = array<i32: 1, 0, 0>, static_high = array<i64: 0>, static_low = array<i64: 0>} : (tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%1) : (tensor<8xf32>) -> ()
  }) {function_type = (tensor<8xf32>) -> tensor<8xf32>, sym_name = "pad_nofold_zero"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xf16>, %arg1: index):
    %0 = "arith.constant"() {value = 0.000000e+00 : f16} : () -> f16
    %1 = "tensor.pad"(%arg0, %arg1) ({
    ^bb0(%arg2: index, %arg3: index):
      "tensor.yield"(%0) : (f16) -> ()
    }) {nofold, operand_segment_sizes = array<i32: 1, 0, 1>, pad.tag = "x", static_high = array<i64: 0, -9223372036854775808>, static_low = array<i64: 0, 0>} : (tensor<2x2xf16>, index) -> tensor<2x?xf16>
    "func.return"(%1) : (tensor<2x?xf16>) -> ()
  }) {function_type = (tensor<2x2xf16>, index) -> tensor<2x?xf16>, sym_name = "pad_nofold_dyn"} : () -> ()
}) : () -> ()

