"builtin.module"() ({
  "builtin.module"() ({
    "func.func"() ({
    ^bb0(%arg0: i32):
      "func.return"(%arg0) : (i32) -> ()
    }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
  }) {sym_name = "lib"} : () -> ()
  "func.func"() ({
  }) {function_type = (i32) -> i32, sym_name = "extern_fn", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "func.call"(%arg0) {callee = @extern_fn, s.callee_copy = @extern_fn} : (i32) -> i32
    %1 = "arith.addi"(%0, %arg0) {s.origin = @top::@caller} : (i32, i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) {function_type = (i32) -> i32, s.all = [@extern_fn, @caller], s.nested = @lib::@kernel, s.target = @extern_fn, sym_name = "caller"} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), s.quoted = @"name with spaces", sym_name = "weird_name"} : () -> ()
  "func.func"() ({
  }) {function_type = () -> (), sym_name = "name with spaces", sym_visibility = "private"} : () -> ()
}) {sym_name = "top"} : () -> ()

