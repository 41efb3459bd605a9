// RUN: echo-code %s | FileCheck %s
first
second
// CHECK: first
// CHECK-NEXT: third
