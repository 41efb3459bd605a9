"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "chunk0"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "arith.mulf"(%arg0, %arg0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "chunk1"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  }) {function_type = (tensor<?xf32>) -> tensor<?xf32>, sym_name = "decl", sym_visibility = "private"} : () -> ()
}) {chunk.index = 2 : i64, sym_name = "chunk2"} : () -> ()


// -----
#map = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), m = #map, sym_name = "chunk3"} : () -> ()
}) : () -> ()

