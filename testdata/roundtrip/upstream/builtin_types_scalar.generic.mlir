"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f16, %arg1: bf16, %arg2: f32, %arg3: f64):
    "func.return"(%arg0, %arg1, %arg2, %arg3) : (f16, bf16, f32, f64) -> ()
  }) {function_type = (f16, bf16, f32, f64) -> (f16, bf16, f32, f64), sym_name = "floats"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i1, %arg1: i8, %arg2: i16, %arg3: i32, %arg4: i64):
    "func.return"(%arg0, %arg1, %arg2, %arg3, %arg4) : (i1, i8, i16, i32, i64) -> ()
  }) {function_type = (i1, i8, i16, i32, i64) -> (i1, i8, i16, i32, i64), sym_name = "ints"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index):
    "func.return"(%arg0) : (index) -> ()
  }) {function_type = (index) -> index, sym_name = "index_type"} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "type_attrs", t.bf16 = bf16, t.f16 = f16, t.i1 = i1, t.idx = index, t.si8 = si8, t.ui16 = ui16} : () -> ()
}) : () -> ()

