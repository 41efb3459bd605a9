// Covers: argument and result attribute dictionaries on func.func ({llvm.noalias}, unit, typed, nested values).
func.func @arg_attrs(%a: tensor<4xf32> {llvm.noalias}, %b: tensor<4xf32> {llvm.noalias, llvm.readonly}, %c: i32 {arg.index = 2 : i32}, %d: f32) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

func.func @res_attrs(%a: f32) -> (f32 {res.name = "out0"}, f32 {res.unit}) {
  return %a, %a : f32, f32
}

func.func @single_res_attr(%a: i64 {arg.meta = {kind = "scalar", dims = []}}) -> (i64 {res.tag = [1, 2]}) {
  return %a : i64
}

func.func private @decl_with_attrs(tensor<?xf32> {llvm.noalias}, index {arg.dyn}) -> (tensor<?xf32> {res.aliased = 0 : i64})

func.func @mixed(%a: i1, %b: i8 {arg.b}, %c: i16) -> (i8, i1 {res.last}) {
  return %b, %a : i8, i1
}
