"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<3x5xf32>):
    %0 = "tensor.empty"() : () -> tensor<5x3xf32>
    %1 = "linalg.transpose"(%arg0, %0) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {permutation = array<i64: 1, 0>} : (tensor<3x5xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
    "func.return"(%1) : (tensor<5x3xf32>) -> ()
  }) {function_type = (tensor<3x5xf32>) -> tensor<5x3xf32>, sym_name = "transpose2d"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x3x4x5xf32>, %arg1: tensor<1x4x5x3xf32>):
    %0 = "linalg.transpose"(%arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {permutation = array<i64: 0, 2, 3, 1>} : (tensor<1x3x4x5xf32>, tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32>
    "func.return"(%0) : (tensor<1x4x5x3xf32>) -> ()
  }) {function_type = (tensor<1x3x4x5xf32>, tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32>, sym_name = "transpose_nchw_to_nhwc"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8xf32>):
    %0 = "tensor.empty"() : () -> tensor<4x8xf32>
    %1 = "linalg.broadcast"(%arg0, %0) ({
    ^bb0(%arg1: f32, %arg2: f32):
      "linalg.yield"(%arg1) : (f32) -> ()
    }) {dimensions = array<i64: 0>} : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%1) : (tensor<4x8xf32>) -> ()
  }) {function_type = (tensor<8xf32>) -> tensor<4x8xf32>, sym_name = "broadcast_bias"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<?x2x?xf32>):
    %0 = "linalg.broadcast"(%arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {dimensions = array<i64: 1, 2>} : (tensor<?xf32>, tensor<?x2x?xf32>) -> tensor<?x2x?xf32>
    "func.return"(%0) : (tensor<?x2x?xf32>) -> ()
  }) {function_type = (tensor<?xf32>, tensor<?x2x?xf32>) -> tensor<?x2x?xf32>, sym_name = "broadcast_dynamic"} : () -> ()
}) : () -> ()

