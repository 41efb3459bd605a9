"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x5xf32>, %arg1: index, %arg2: index):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.constant"() {value = 2 : index} : () -> index
    %2 = "tensor.extract"(%arg0, %0, %1) : (tensor<4x5xf32>, index, index) -> f32
    %3 = "tensor.extract"(%arg0, %arg1, %arg2) : (tensor<4x5xf32>, index, index) -> f32
    "func.return"(%2, %3) : (f32, f32) -> ()
  }) {function_type = (tensor<4x5xf32>, index, index) -> (f32, f32), sym_name = "extract"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<f32>):
    %0 = "tensor.extract"(%arg0) : (tensor<f32>) -> f32
    "func.return"(%0) : (f32) -> ()
  }) {function_type = (tensor<f32>) -> f32, sym_name = "extract_rank0"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x3xi32>, %arg1: i32, %arg2: index):
    %0 = "arith.constant"() {value = 1 : index} : () -> index
    %1 = "tensor.insert"(%arg1, %arg0, %arg2, %0) : (i32, tensor<?x3xi32>, index, index) -> tensor<?x3xi32>
    %2 = "tensor.insert"(%arg1, %1, %0, %0) : (i32, tensor<?x3xi32>, index, index) -> tensor<?x3xi32>
    "func.return"(%2) : (tensor<?x3xi32>) -> ()
  }) {function_type = (tensor<?x3xi32>, i32, index) -> tensor<?x3xi32>, sym_name = "insert"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<f32>, %arg1: f32):
    %0 = "tensor.insert"(%arg1, %arg0) : (f32, tensor<f32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) {function_type = (tensor<f32>, f32) -> tensor<f32>, sym_name = "insert_rank0"} : () -> ()
}) : () -> ()

