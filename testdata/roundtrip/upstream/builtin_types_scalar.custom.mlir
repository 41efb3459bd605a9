module {
  func.func @floats(%arg0: f16, %arg1: bf16, %arg2: f32, %arg3: f64) -> (f16, bf16, f32, f64) {
    return %arg0, %arg1, %arg2, %arg3 : f16, bf16, f32, f64
  }
  func.func @ints(%arg0: i1, %arg1: i8, %arg2: i16, %arg3: i32, %arg4: i64) -> (i1, i8, i16, i32, i64) {
    return %arg0, %arg1, %arg2, %arg3, %arg4 : i1, i8, i16, i32, i64
  }
  func.func @index_type(%arg0: index) -> index {
    return %arg0 : index
  }
  func.func @type_attrs() attributes {t.bf16 = bf16, t.f16 = f16, t.i1 = i1, t.idx = index, t.si8 = si8, t.ui16 = ui16} {
    return
  }
}

