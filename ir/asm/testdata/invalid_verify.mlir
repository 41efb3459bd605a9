// RUN: torchlower opt %s --split-input-file --verify-diagnostics

func.func @dominance(%a: i32) -> i32 {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %a : i32
  // expected-note@+1 {{operand defined here}}
  %1 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

func.func @self_use(%a: i32) -> i32 {
  // expected-error@+2 {{operand #0 does not dominate this use}}
  // expected-note@+1 {{operand defined here}}
  %0 = arith.addi %0, %a : i32
  return %0 : i32
}

// -----

// Values do not cross an isolated-from-above boundary: the parser does not
// even see %a inside @inner, as in MLIR.
func.func @isolation(%a: f32) {
  func.func @inner() -> f32 {
    // expected-error@+1 {{use of undeclared SSA value name '%a'}}
    return %a : f32
  }
  return
}

// -----

func.func @terminator_not_last(%a: i32) -> i32 {
  // expected-error@+1 {{must be the last operation in the parent block}}
  return %a : i32
  %0 = arith.addi %a, %a : i32
}
