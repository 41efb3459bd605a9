"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i1, %arg1: f32, %arg2: f32):
    %0 = "arith.select"(%arg0, %arg1, %arg2) : (i1, f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) {function_type = (i1, f32, f32) -> f32, sym_name = "scalar_select"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.cmpi"(%arg0, %arg1) {predicate = 4 : i64} : (i32, i32) -> i1
    %1 = "arith.select"(%0, %arg0, %arg1) : (i1, i32, i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) {function_type = (i32, i32) -> i32, sym_name = "int_select"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i1, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>):
    %0 = "arith.select"(%arg0, %arg1, %arg2) : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) {function_type = (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "tensor_select_scalar_cond"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>):
    %0 = "arith.select"(%arg0, %arg1, %arg2) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) {function_type = (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "tensor_select_mask"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i1, %arg1: index):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.select"(%arg0, %arg1, %0) : (i1, index, index) -> index
    "func.return"(%1) : (index) -> ()
  }) {function_type = (i1, index) -> index, sym_name = "index_select"} : () -> ()
}) : () -> ()

