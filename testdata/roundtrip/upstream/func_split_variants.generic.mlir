"builtin.module"() ({
  "func.func"() ({
  }) {function_type = (i32) -> i32, sym_name = "only_decl", sym_visibility = "private"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "empty"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: tensor<f32>):
    "func.return"(%arg0, %arg1) : (tensor<?x?xf32>, tensor<f32>) -> ()
  }) {function_type = (tensor<?x?xf32>, tensor<f32>) -> (tensor<?x?xf32>, tensor<f32>), sym_name = "tensor_passthrough"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f16):
    "func.return"(%arg0) : (f16) -> ()
  }) {arg_attrs = [{arg.x}], fn.z, function_type = (f16) -> f16, res_attrs = [{res.y}], sym_name = "with_attrs"} : () -> ()
}) : () -> ()

