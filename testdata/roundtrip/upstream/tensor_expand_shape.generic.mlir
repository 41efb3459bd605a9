"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<6x4xf32>):
    %0 = "tensor.expand_shape"(%arg0) {reassociation = [[0, 1], [2]]} : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%0) : (tensor<2x3x4xf32>) -> ()
  }) {function_type = (tensor<6x4xf32>) -> tensor<2x3x4xf32>, sym_name = "split_dim"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8xf32>):
    %0 = "tensor.expand_shape"(%arg0) {reassociation = [[0, 1, 2]]} : (tensor<8xf32>) -> tensor<1x8x1xf32>
    "func.return"(%0) : (tensor<1x8x1xf32>) -> ()
  }) {function_type = (tensor<8xf32>) -> tensor<1x8x1xf32>, sym_name = "add_unit_dims"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x64xf32>):
    %0 = "tensor.expand_shape"(%arg0) {reassociation = [[0], [1, 2]]} : (tensor<?x64xf32>) -> tensor<?x4x16xf32>
    "func.return"(%0) : (tensor<?x4x16xf32>) -> ()
  }) {function_type = (tensor<?x64xf32>) -> tensor<?x4x16xf32>, sym_name = "heads"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<f32>):
    %0 = "tensor.expand_shape"(%arg0) {reassociation = []} : (tensor<f32>) -> tensor<1x1xf32>
    "func.return"(%0) : (tensor<1x1xf32>) -> ()
  }) {function_type = (tensor<f32>) -> tensor<1x1xf32>, sym_name = "scalar_to_1x1"} : () -> ()
}) : () -> ()

