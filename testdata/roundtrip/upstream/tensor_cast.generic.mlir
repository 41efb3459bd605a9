"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x8xf32>):
    %0 = "tensor.cast"(%arg0) : (tensor<4x8xf32>) -> tensor<?x?xf32>
    "func.return"(%0) : (tensor<?x?xf32>) -> ()
  }) {function_type = (tensor<4x8xf32>) -> tensor<?x?xf32>, sym_name = "static_to_dynamic"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x8xf32>):
    %0 = "tensor.cast"(%arg0) : (tensor<?x8xf32>) -> tensor<4x8xf32>
    "func.return"(%0) : (tensor<4x8xf32>) -> ()
  }) {function_type = (tensor<?x8xf32>) -> tensor<4x8xf32>, sym_name = "dynamic_to_static"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2xi32>):
    %0 = "tensor.cast"(%arg0) : (tensor<2xi32>) -> tensor<*xi32>
    "func.return"(%0) : (tensor<*xi32>) -> ()
  }) {function_type = (tensor<2xi32>) -> tensor<*xi32>, sym_name = "to_unranked"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<*xf16>):
    %0 = "tensor.cast"(%arg0) : (tensor<*xf16>) -> tensor<?x?x?xf16>
    "func.return"(%0) : (tensor<?x?x?xf16>) -> ()
  }) {function_type = (tensor<*xf16>) -> tensor<?x?x?xf16>, sym_name = "from_unranked"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x?xf32>):
    %0 = "tensor.cast"(%arg0) : (tensor<1x?xf32>) -> tensor<?x?xf32>
    %1 = "tensor.cast"(%0) : (tensor<?x?xf32>) -> tensor<1x5xf32>
    "func.return"(%1) : (tensor<1x5xf32>) -> ()
  }) {function_type = (tensor<1x?xf32>) -> tensor<1x5xf32>, sym_name = "chain"} : () -> ()
}) : () -> ()

