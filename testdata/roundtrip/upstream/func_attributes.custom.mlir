module {
  func.func @kernel(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {iree.abi.stub, opt.level = 3 : i32, opt.passes = ["cse", "canonicalize"], torch.name = "forward"} {
    return %arg0 : tensor<8xf32>
  }
  func.func @with_type_attr() attributes {callee = @kernel, fty = (f32) -> f32, ty = tensor<2x?xf32>} {
    return
  }
  func.func @with_dict() attributes {cfg = {name = "t", tile = array<i64: 8, 16>, unroll = true}} {
    return
  }
  func.func private @decl_attrs(f32) -> f32 attributes {ext.cost = 1.500000e+00 : f32, ext.pure}
}

