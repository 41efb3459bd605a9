"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "tensor.empty"() : () -> tensor<4x8xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg0: f32, %arg1: f32):
      "linalg.yield"(%arg0) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%2) : (tensor<4x8xf32>) -> ()
  }) {function_type = () -> tensor<4x8xf32>, sym_name = "fill_zero"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() {value = 0xFF800000 : f32} : () -> f32
    %1 = "tensor.empty"(%arg0) : (index) -> tensor<?xf32>
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%2) : (tensor<?xf32>) -> ()
  }) {function_type = (index) -> tensor<?xf32>, sym_name = "fill_ninf"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x2xi32>, %arg1: i32):
    %0 = "linalg.fill"(%arg1, %arg0) ({
    ^bb0(%arg2: i32, %arg3: i32):
      "linalg.yield"(%arg2) : (i32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (i32, tensor<2x2xi32>) -> tensor<2x2xi32>
    "func.return"(%0) : (tensor<2x2xi32>) -> ()
  }) {function_type = (tensor<2x2xi32>, i32) -> tensor<2x2xi32>, sym_name = "fill_int"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<f32>):
    %0 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
    %1 = "linalg.fill"(%0, %arg0) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<f32>) -> tensor<f32>
    "func.return"(%1) : (tensor<f32>) -> ()
  }) {function_type = (tensor<f32>) -> tensor<f32>, sym_name = "fill_rank0"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<3xf16>):
    %0 = "arith.constant"() {value = 2.000000e+00 : f32} : () -> f32
    %1 = "linalg.fill"(%0, %arg0) ({
    ^bb0(%arg1: f32, %arg2: f16):
      %2 = "arith.truncf"(%arg1) : (f32) -> f16
      "linalg.yield"(%2) : (f16) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<3xf16>) -> tensor<3xf16>
    "func.return"(%1) : (tensor<3xf16>) -> ()
  }) {function_type = (tensor<3xf16>) -> tensor<3xf16>, sym_name = "fill_convert"} : () -> ()
}) : () -> ()

