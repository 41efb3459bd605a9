"builtin.module"() ({
  "func.func"() ({
  }) {function_type = () -> (), sym_name = "ext_void", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  }) {function_type = (f32, i32) -> f32, sym_name = "ext_scalar", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  }) {function_type = (tensor<?xf32>, index) -> (tensor<?xf32>, i1), sym_name = "ext_multi", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  }) {ext.abi = "c", function_type = (i32) -> i32, llvm.emit_c_interface, sym_name = "ext_attrs", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  }) {function_type = (tensor<2x?xbf16>) -> tensor<f32>, sym_name = "ext_tensor", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: index, %arg2: f32, %arg3: i32):
    "func.call"() {callee = @ext_void} : () -> ()
    %0 = "func.call"(%arg2, %arg3) {callee = @ext_scalar} : (f32, i32) -> f32
    %1:2 = "func.call"(%arg0, %arg1) {callee = @ext_multi} : (tensor<?xf32>, index) -> (tensor<?xf32>, i1)
    %2 = "func.call"(%arg3) {callee = @ext_attrs} : (i32) -> i32
    "func.return"(%1#0, %1#1, %0) : (tensor<?xf32>, i1, f32) -> ()
  }) {function_type = (tensor<?xf32>, index, f32, i32) -> (tensor<?xf32>, i1, f32), sym_name = "use_decls"} : () -> ()
}) : () -> ()

