module {
  func.func @arg_attrs(%arg0: tensor<4xf32> {llvm.noalias}, %arg1: tensor<4xf32> {llvm.noalias, llvm.readonly}, %arg2: i32 {arg.index = 2 : i32}, %arg3: f32) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
  func.func @res_attrs(%arg0: f32) -> (f32 {res.name = "out0"}, f32 {res.unit}) {
    return %arg0, %arg0 : f32, f32
  }
  func.func @single_res_attr(%arg0: i64 {arg.meta = {dims = [], kind = "scalar"}}) -> (i64 {res.tag = [1, 2]}) {
    return %arg0 : i64
  }
  func.func private @decl_with_attrs(tensor<?xf32> {llvm.noalias}, index {arg.dyn}) -> (tensor<?xf32> {res.aliased = 0 : i64})
  func.func @mixed(%arg0: i1, %arg1: i8 {arg.b}, %arg2: i16) -> (i8, i1 {res.last}) {
    return %arg1, %arg0 : i8, i1
  }
}

