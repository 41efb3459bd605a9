// Covers: every scalar builtin type (f16 bf16 f32 f64 i1 i8 i16 i32 i64 index) as args and results.
func.func @floats(%a: f16, %b: bf16, %c: f32, %d: f64) -> (f16, bf16, f32, f64) {
  return %a, %b, %c, %d : f16, bf16, f32, f64
}

func.func @ints(%a: i1, %b: i8, %c: i16, %d: i32, %e: i64) -> (i1, i8, i16, i32, i64) {
  return %a, %b, %c, %d, %e : i1, i8, i16, i32, i64
}

func.func @index_type(%i: index) -> index {
  return %i : index
}

func.func @type_attrs() attributes {t.f16 = f16, t.bf16 = bf16, t.i1 = i1, t.idx = index, t.si8 = si8, t.ui16 = ui16} {
  return
}
