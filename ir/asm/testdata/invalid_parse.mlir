// RUN: torchlower opt %s --split-input-file --verify-diagnostics

func.func @undefined_value() -> i32 {
  // expected-error@+1 {{use of undeclared SSA value name '%nope'}}
  return %nope : i32
}

// -----

func.func @type_mismatch(%a: f32) -> f32 {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i32' vs 'f32'}}
  %0 = arith.addi %a, %a : i32
  return %0 : f32
}

// -----

// expected-error@+1 {{unregistered operation 'foo.bar' (dialect 'foo' is not loaded)}}
"foo.bar"() : () -> ()

// -----

func.func @unknown_custom() {
  // expected-error@+1 {{custom op 'frobnicate' is unknown}}
  frobnicate
}

// -----

func.func @redefinition(%a: i32) {
  %0 = arith.addi %a, %a : i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = arith.addi %a, %a : i32
  return
}

// -----

func.func @bad_type() {
  // expected-error@+1 {{expected non-function type}}
  %0 = arith.constant 1 : 42
  return
}

// -----

func.func @bad_dense() {
  // expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
  %0 = arith.constant dense<[1, 2, 3]> : tensor<2xi32>
  return
}

// -----

func.func @int_out_of_range() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 300 : i8
  return
}

// -----

// expected-error@+1 {{undefined symbol alias id 'missing'}}
func.func @alias() attributes {m = #missing} {
  return
}

// -----

func.func @result_count(%a: i32) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = arith.addi %a, %a : i32
  return
}

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
func.func @bad_affine() attributes {m = affine_map<(d0, d1) -> (d0 * d1)>} {
  return
}

// -----

// expected-error@+1 {{expected '"' in string literal}}
func.func @unterminated_string() attributes {s = "abc} {
  return
}

// -----

// The error points at the brace that was never closed.
// expected-error@+1 {{expected '}' to close this region, found end of input}}
func.func @truncated(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
