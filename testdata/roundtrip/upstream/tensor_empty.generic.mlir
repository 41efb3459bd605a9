"builtin.module"() ({
  "func.func"() ({
    %0 = "tensor.empty"() : () -> tensor<2x3xf32>
    %1 = "tensor.empty"() : () -> tensor<f32>
    %2 = "tensor.empty"() : () -> tensor<4xi64>
    %3 = "tensor.empty"() : () -> tensor<1x2x3x4xbf16>
    "func.return"(%0, %1, %2, %3) : (tensor<2x3xf32>, tensor<f32>, tensor<4xi64>, tensor<1x2x3x4xbf16>) -> ()
  }) {function_type = () -> (tensor<2x3xf32>, tensor<f32>, tensor<4xi64>, tensor<1x2x3x4xbf16>), sym_name = "static_empty"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index, %arg1: index):
    %0 = "tensor.empty"(%arg0) : (index) -> tensor<?xf32>
    %1 = "tensor.empty"(%arg0, %arg1) : (index, index) -> tensor<?x4x?xf16>
    "func.return"(%0, %1) : (tensor<?xf32>, tensor<?x4x?xf16>) -> ()
  }) {function_type = (index, index) -> (tensor<?xf32>, tensor<?x4x?xf16>), sym_name = "dynamic_empty"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x8xf32>):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "tensor.dim"(%arg0, %0) : (tensor<?x8xf32>, index) -> index
    %2 = "tensor.empty"(%1) : (index) -> tensor<?x8xf32>
    "func.return"(%2) : (tensor<?x8xf32>) -> ()
  }) {function_type = (tensor<?x8xf32>) -> tensor<?x8xf32>, sym_name = "empty_like"} : () -> ()
}) : () -> ()

