// Covers: symbol reference attrs @f, nested @m::@f, arrays of symbol refs, symbol refs on ops and as call targets.
module @top {
  module @lib {
    func.func @kernel(%x: i32) -> i32 {
      return %x : i32
    }
  }
  func.func private @extern_fn(i32) -> i32
  func.func @caller(%x: i32) -> i32 attributes {s.target = @extern_fn, s.nested = @lib::@kernel, s.all = [@extern_fn, @caller]} {
    %0 = func.call @extern_fn(%x) {s.callee_copy = @extern_fn} : (i32) -> i32
    %1 = arith.addi %0, %x {s.origin = @top::@caller} : i32
    return %1 : i32
  }
  func.func @weird_name() attributes {s.quoted = @"name with spaces"} {
    return
  }
  func.func private @"name with spaces"()
}
