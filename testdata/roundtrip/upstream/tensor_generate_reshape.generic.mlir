"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: index):
    %0 = "tensor.generate"(%arg0) ({
    ^bb0(%arg1: index):
      %1 = "arith.index_cast"(%arg1) : (index) -> i64
      "tensor.yield"(%1) : (i64) -> ()
    }) : (index) -> tensor<?xi64>
    "func.return"(%0) : (tensor<?xi64>) -> ()
  }) {function_type = (index) -> tensor<?xi64>, sym_name = "iota"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %2 = "tensor.generate"() ({
    ^bb0(%arg0: index, %arg1: index):
      %3 = "arith.cmpi"(%arg0, %arg1) {predicate = 0 : i64} : (index, index) -> i1
      %4 = "arith.select"(%3, %0, %1) : (i1, f32, f32) -> f32
      "tensor.yield"(%4) : (f32) -> ()
    }) : () -> tensor<3x3xf32>
    "func.return"(%2) : (tensor<3x3xf32>) -> ()
  }) {function_type = () -> tensor<3x3xf32>, sym_name = "eye"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<6xf32>, %arg1: tensor<2xi32>):
    %0 = "tensor.reshape"(%arg0, %arg1) : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) {function_type = (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>, sym_name = "reshape_static"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<2xindex>):
    %0 = "tensor.reshape"(%arg0, %arg1) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    "func.return"(%0) : (tensor<?x?xf32>) -> ()
  }) {function_type = (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>, sym_name = "reshape_dynamic"} : () -> ()
}) : () -> ()

