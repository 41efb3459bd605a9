"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i64):
    %0 = "func.call"(%arg0) {callee = @private_fn} : (i64) -> i64
    "func.return"(%0) : (i64) -> ()
  }) {function_type = (i64) -> i64, sym_name = "public_fn"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i64):
    %0 = "arith.constant"() {value = 1 : i64} : () -> i64
    %1 = "arith.addi"(%arg0, %0) : (i64, i64) -> i64
    "func.return"(%1) : (i64) -> ()
  }) {function_type = (i64) -> i64, sym_name = "private_fn", sym_visibility = "private"} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "explicit_public", sym_visibility = "public"} : () -> ()
  "builtin.module"() ({
    "func.func"() ({
      "func.return"() : () -> ()
    }) {function_type = () -> (), sym_name = "nested_fn", sym_visibility = "nested"} : () -> ()
  }) {sym_name = "sub"} : () -> ()
}) {sym_name = "vis"} : () -> ()

