// RUN: torchlower opt %s -p symbol-dce --split-input-file | FileCheck %s

// Unreferenced private functions go, public ones and referenced ones stay,
// and a function only kept alive by a dead one goes too.
// CHECK-LABEL: module
// CHECK-DAG:     func.func @public_entry
// CHECK-DAG:     func.func private @used
// CHECK-NOT:     @dead
// CHECK-NOT:     @only_from_dead
func.func @public_entry() -> i32 {
  %0 = call @used() : () -> i32
  return %0 : i32
}
func.func private @used() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func private @dead() -> i32 {
  %0 = call @only_from_dead() : () -> i32
  return %0 : i32
}
func.func private @only_from_dead() -> i32 {
  %c = arith.constant 2 : i32
  return %c : i32
}

// -----

// Recursion alone does not keep a private function alive.
// CHECK-LABEL: module
// CHECK-NOT:     @recursive
// CHECK:         func.func @main
func.func private @recursive(%n: i32) -> i32 {
  %0 = call @recursive(%n) : (i32) -> i32
  return %0 : i32
}
func.func @main() {
  return
}
