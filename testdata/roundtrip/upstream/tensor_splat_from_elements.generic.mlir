"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: i32, %arg2: index):
    %0 = "tensor.splat"(%arg0) : (f32) -> tensor<4xf32>
    %1 = "tensor.splat"(%arg1) : (i32) -> tensor<2x3xi32>
    %2 = "tensor.splat"(%arg0) : (f32) -> tensor<f32>
    %3 = "tensor.splat"(%arg2) : (index) -> tensor<2xindex>
    "func.return"(%0, %1, %2, %3) : (tensor<4xf32>, tensor<2x3xi32>, tensor<f32>, tensor<2xindex>) -> ()
  }) {function_type = (f32, i32, index) -> (tensor<4xf32>, tensor<2x3xi32>, tensor<f32>, tensor<2xindex>), sym_name = "splats"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: f32):
    %0 = "tensor.from_elements"(%arg0, %arg1, %arg2, %arg3) : (f32, f32, f32, f32) -> tensor<4xf32>
    %1 = "tensor.from_elements"(%arg0, %arg1, %arg2, %arg3) : (f32, f32, f32, f32) -> tensor<2x2xf32>
    %2 = "tensor.from_elements"(%arg0) : (f32) -> tensor<f32>
    "func.return"(%0, %1, %2) : (tensor<4xf32>, tensor<2x2xf32>, tensor<f32>) -> ()
  }) {function_type = (f32, f32, f32, f32) -> (tensor<4xf32>, tensor<2x2xf32>, tensor<f32>), sym_name = "from_elements"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "arith.constant"() {value = 1 : i64} : () -> i64
    %1 = "tensor.from_elements"(%arg0, %arg1) : (index, index) -> tensor<2xindex>
    %2 = "tensor.from_elements"(%0, %0, %0) : (i64, i64, i64) -> tensor<3xi64>
    "func.return"(%1, %2) : (tensor<2xindex>, tensor<3xi64>) -> ()
  }) {function_type = (index, index) -> (tensor<2xindex>, tensor<3xi64>), sym_name = "shape_tensor"} : () -> ()
}) : () -> ()

