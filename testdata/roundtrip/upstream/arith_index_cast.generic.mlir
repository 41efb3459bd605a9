"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i64):
    %0 = "arith.index_cast"(%arg0) : (i32) -> index
    %1 = "arith.index_cast"(%arg1) : (i64) -> index
    "func.return"(%0, %1) : (index, index) -> ()
  }) {function_type = (i32, i64) -> (index, index), sym_name = "to_index"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index):
    %0 = "arith.index_cast"(%arg0) : (index) -> i32
    %1 = "arith.index_cast"(%arg0) : (index) -> i64
    "func.return"(%0, %1) : (i32, i64) -> ()
  }) {function_type = (index) -> (i32, i64), sym_name = "from_index"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<16xf32>, %arg1: i64):
    %0 = "arith.index_cast"(%arg1) : (i64) -> index
    %1 = "tensor.extract"(%arg0, %0) : (tensor<16xf32>, index) -> f32
    "func.return"(%1) : (f32) -> ()
  }) {function_type = (tensor<16xf32>, i64) -> f32, sym_name = "gather_one"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4xi32>):
    %0 = "arith.index_cast"(%arg0) : (tensor<4xi32>) -> tensor<4xindex>
    "func.return"(%0) : (tensor<4xindex>) -> ()
  }) {function_type = (tensor<4xi32>) -> tensor<4xindex>, sym_name = "tensor_index_cast"} : () -> ()
}) : () -> ()

