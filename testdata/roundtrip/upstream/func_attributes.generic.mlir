"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<8xf32>):
    "func.return"(%arg0) : (tensor<8xf32>) -> ()
  }) {function_type = (tensor<8xf32>) -> tensor<8xf32>, iree.abi.stub, opt.level = 3 : i32, opt.passes = ["cse", "canonicalize"], sym_name = "kernel", torch.name = "forward"} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {callee = @kernel, fty = (f32) -> f32, function_type = () -> (), sym_name = "with_type_attr", ty = tensor<2x?xf32>} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {cfg = {name = "t", tile = array<i64: 8, 16>, unroll = true}, function_type = () -> (), sym_name = "with_dict"} : () -> ()
  "func.func"() ({
  }) {ext.cost = 1.500000e+00 : f32, ext.pure, function_type = (f32) -> f32, sym_name = "decl_attrs", sym_visibility = "private"} : () -> ()
}) : () -> ()

