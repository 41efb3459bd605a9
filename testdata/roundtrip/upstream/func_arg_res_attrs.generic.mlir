"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: i32, %arg3: f32):
    "func.return"(%arg0) : (tensor<4xf32>) -> ()
  }) {arg_attrs = [{llvm.noalias}, {llvm.noalias, llvm.readonly}, {arg.index = 2 : i32}, {}], function_type = (tensor<4xf32>, tensor<4xf32>, i32, f32) -> tensor<4xf32>, sym_name = "arg_attrs"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    "func.return"(%arg0, %arg0) : (f32, f32) -> ()
  }) {function_type = (f32) -> (f32, f32), res_attrs = [{res.name = "out0"}, {res.unit}], sym_name = "res_attrs"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i64):
    "func.return"(%arg0) : (i64) -> ()
  }) {arg_attrs = [{arg.meta = {dims = [], kind = "scalar"}}], function_type = (i64) -> i64, res_attrs = [{res.tag = [1, 2]}], sym_name = "single_res_attr"} : () -> ()
  "func.func"() ({
  }) {arg_attrs = [{llvm.noalias}, {arg.dyn}], function_type = (tensor<?xf32>, index) -> tensor<?xf32>, res_attrs = [{res.aliased = 0 : i64}], sym_name = "decl_with_attrs", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i1, %arg1: i8, %arg2: i16):
    "func.return"(%arg1, %arg0) : (i8, i1) -> ()
  }) {arg_attrs = [{}, {arg.b}, {}], function_type = (i1, i8, i16) -> (i8, i1), res_attrs = [{}, {res.last}], sym_name = "mixed"} : () -> ()
}) : () -> ()

