// Covers: function-level attribute dictionaries `attributes {...}` with unit, string, int, array, dict, type and symbol values.
func.func @kernel(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {iree.abi.stub, torch.name = "forward", opt.level = 3 : i32, opt.passes = ["cse", "canonicalize"]} {
  return %arg0 : tensor<8xf32>
}

func.func @with_type_attr() attributes {ty = tensor<2x?xf32>, fty = (f32) -> f32, callee = @kernel} {
  return
}

func.func @with_dict() attributes {cfg = {tile = array<i64: 8, 16>, unroll = true, name = "t"}} {
  return
}

func.func private @decl_attrs(f32) -> f32 attributes {ext.pure, ext.cost = 1.500000e+00 : f32}
