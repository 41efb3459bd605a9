"builtin.module"() ({
  "builtin.module"() ({
    "func.func"() ({
    ^bb0(%arg0: f32, %arg1: f32):
      %0 = "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "func.return"(%0) : (f32) -> ()
    }) {function_type = (f32, f32) -> f32, sym_name = "add"} : () -> ()
    "func.func"() ({
    ^bb0(%arg0: f32, %arg1: f32):
      %0 = "arith.subf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "func.return"(%0) : (f32) -> ()
    }) {function_type = (f32, f32) -> f32, sym_name = "sub", sym_visibility = "private"} : () -> ()
  }) {gpu.container = true, kernels.count = 2 : i32, sym_name = "kernels"} : () -> ()
  "builtin.module"() ({
    "func.func"() ({
      "func.return"() : () -> ()
    }) {function_type = () -> (), sym_name = "local", sym_visibility = "nested"} : () -> ()
  }) {inner.anonymous} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    "func.return"(%arg0) : (f32) -> ()
  }) {callee = @kernels::@add, function_type = (f32) -> f32, sym_name = "entry"} : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 64 : i64>>, sym_name = "outer"} : () -> ()

