"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32):
    "func.return"(%arg0) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "identity"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "func.call"(%arg0) {callee = @identity} : (f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "use_identity"} : () -> ()
}) : () -> ()

