"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "tensor.collapse_shape"(%arg0) {reassociation = [[0, 1], [2]]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    "func.return"(%0) : (tensor<6x4xf32>) -> ()
  }) {function_type = (tensor<2x3x4xf32>) -> tensor<6x4xf32>, sym_name = "merge"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tensor.collapse_shape"(%arg0) {reassociation = [[0, 1, 2, 3]]} : (tensor<1x2x3x4xf32>) -> tensor<24xf32>
    "func.return"(%0) : (tensor<24xf32>) -> ()
  }) {function_type = (tensor<1x2x3x4xf32>) -> tensor<24xf32>, sym_name = "flatten"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x4x16xf32>):
    %0 = "tensor.collapse_shape"(%arg0) {reassociation = [[0], [1, 2]]} : (tensor<?x4x16xf32>) -> tensor<?x64xf32>
    "func.return"(%0) : (tensor<?x64xf32>) -> ()
  }) {function_type = (tensor<?x4x16xf32>) -> tensor<?x64xf32>, sym_name = "dynamic"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x1xf32>):
    %0 = "tensor.collapse_shape"(%arg0) {reassociation = []} : (tensor<1x1xf32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) {function_type = (tensor<1x1xf32>) -> tensor<f32>, sym_name = "to_scalar"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<1x8x1xi32>):
    %0 = "tensor.collapse_shape"(%arg0) {reassociation = [[0, 1, 2]]} : (tensor<1x8x1xi32>) -> tensor<8xi32>
    "func.return"(%0) : (tensor<8xi32>) -> ()
  }) {function_type = (tensor<1x8x1xi32>) -> tensor<8xi32>, sym_name = "drop_unit"} : () -> ()
}) : () -> ()

