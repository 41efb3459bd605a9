module @top {
  module @lib {
    func.func @kernel(%arg0: i32) -> i32 {
      return %arg0 : i32
    }
  }
  func.func private @extern_fn(i32) -> i32
  func.func @caller(%arg0: i32) -> i32 attributes {s.all = [@extern_fn, @caller], s.nested = @lib::@kernel, s.target = @extern_fn} {
    %0 = call @extern_fn(%arg0) {s.callee_copy = @extern_fn} : (i32) -> i32
    %1 = arith.addi %0, %arg0 {s.origin = @top::@caller} : i32
    return %1 : i32
  }
  func.func @weird_name() attributes {s.quoted = @"name with spaces"} {
    return
  }
  func.func private @"name with spaces"()
}

