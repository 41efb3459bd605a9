"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {c.dict = {alpha = 1 : i64, beta = "b", gamma = {delta = [true, false], eps}}, c.empty_array = [], c.empty_dict = {}, c.fty = (i32, f32) -> tensor<4xf32>, c.fty_empty = () -> (), c.fty_multi = (tensor<?xf32>) -> (f32, i64), c.ints = [1, 2, 3], c.mixed = [1 : i32, 2.000000e+00 : f32, "s", unit, f16, @sym], c.nested = [[1, 2], [3, [4, 5]]], c.types = [i1, index, tensor<2x?xf32>, tensor<f32>], c.unit, function_type = () -> (), sym_name = "containers"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32):
    %0 = "arith.negf"(%arg0) {fastmath = #arith.fastmath<none>, meta = {level = 2 : i8, source = "user", tags = ["a", "b"]}} : (f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) {function_type = (f32) -> f32, sym_name = "dict_on_op"} : () -> ()
}) : () -> ()

