// RUN: not echo-code %s --fail 2>&1 | FileCheck %s
// RUN: not not echo-code %s
// RUN: echo-code %s | not FileCheck %s --check-prefix=NOPE

// CHECK: error: requested failure
// NOPE: this is never printed
