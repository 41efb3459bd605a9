// Covers: func.func visibility: public (default), private, nested, and sym_visibility in generic form.
module @vis {
  func.func @public_fn(%arg0: i64) -> i64 {
    %0 = func.call @private_fn(%arg0) : (i64) -> i64
    return %0 : i64
  }

  func.func private @private_fn(%arg0: i64) -> i64 {
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.addi %arg0, %c1_i64 : i64
    return %0 : i64
  }

  func.func public @explicit_public() {
    return
  }

  module @sub {
    func.func nested @nested_fn() {
      return
    }
  }
}
