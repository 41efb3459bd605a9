"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<2x3xf16>, %arg2: tensor<1x2x3x4xbf16>):
    "func.return"(%arg1) : (tensor<2x3xf16>) -> ()
  }) {function_type = (tensor<4xf32>, tensor<2x3xf16>, tensor<1x2x3x4xbf16>) -> tensor<2x3xf16>, sym_name = "static_shapes"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<?x4xi32>, %arg2: tensor<2x?x?xi8>):
    "func.return"(%arg1) : (tensor<?x4xi32>) -> ()
  }) {function_type = (tensor<?xf32>, tensor<?x4xi32>, tensor<2x?x?xi8>) -> tensor<?x4xi32>, sym_name = "dynamic_shapes"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<i1>, %arg2: tensor<index>):
    "func.return"(%arg0) : (tensor<f32>) -> ()
  }) {function_type = (tensor<f32>, tensor<i1>, tensor<index>) -> tensor<f32>, sym_name = "rank0"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<0xf32>, %arg2: tensor<3x0xi64>):
    "func.return"(%arg0) : (tensor<*xf32>) -> ()
  }) {function_type = (tensor<*xf32>, tensor<0xf32>, tensor<3x0xi64>) -> tensor<*xf32>, sym_name = "unranked_and_zero"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2xi1>, %arg1: tensor<2xi16>, %arg2: tensor<2xi64>, %arg3: tensor<2xf64>, %arg4: tensor<2xindex>):
    "func.return"(%arg4) : (tensor<2xindex>) -> ()
  }) {function_type = (tensor<2xi1>, tensor<2xi16>, tensor<2xi64>, tensor<2xf64>, tensor<2xindex>) -> tensor<2xindex>, sym_name = "element_types"} : () -> ()
}) : () -> ()

