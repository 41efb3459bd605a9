"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x4xf32>, %arg1: index, %arg2: index):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.pad"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: index, %arg4: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1, 1>, static_high = array<i64: -9223372036854775808, 1>, static_low = array<i64: -9223372036854775808, 1>} : (tensor<4x4xf32>, index, index) -> tensor<?x6xf32>
    %2 = "tensor.cast"(%1) : (tensor<?x6xf32>) -> tensor<?x?xf32>
    "func.return"(%2) : (tensor<?x?xf32>) -> ()
  }) {function_type = (tensor<4x4xf32>, index, index) -> tensor<?x?xf32>, sym_name = "pad_dyn_amounts"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x8xf32>, %arg1: index):
    %0 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
    %1 = "tensor.pad"(%arg0, %arg1) ({
    ^bb0(%arg2: index, %arg3: index):
      "tensor.yield"(%0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 0, 1>, static_high = array<i64: -9223372036854775808, 0>, static_low = array<i64: 0, 0>} : (tensor<?x8xf32>, index) -> tensor<?x8xf32>
    "func.return"(%1) : (tensor<?x8xf32>) -> ()
  }) {function_type = (tensor<?x8xf32>, index) -> tensor<?x8xf32>, sym_name = "pad_dyn_source"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?xi32>, %arg1: index, %arg2: index, %arg3: i32):
    %0 = "tensor.pad"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg4: index):
      "tensor.yield"(%arg3) : (i32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1, 1>, static_high = array<i64: -9223372036854775808>, static_low = array<i64: -9223372036854775808>} : (tensor<?xi32>, index, index) -> tensor<?xi32>
    "func.return"(%0) : (tensor<?xi32>) -> ()
  }) {function_type = (tensor<?xi32>, index, index, i32) -> tensor<?xi32>, sym_name = "pad_all_dynamic"} : () -> ()
}) : () -> ()

