// Covers: several independent chunks (implicit module, explicit module, named module, alias) split by separator lines.
// Uses --split-input-file.
func.func @chunk0(%arg0: i32) -> i32 {
  return %arg0 : i32
}

// -----

module {
  func.func @chunk1(%arg0: f32) -> f32 {
    %0 = arith.mulf %arg0, %arg0 : f32
    return %0 : f32
  }
}

// -----

module @chunk2 attributes {chunk.index = 2 : i64} {
  func.func private @decl(tensor<?xf32>) -> tensor<?xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @chunk3() attributes {m = #map} {
  return
}
