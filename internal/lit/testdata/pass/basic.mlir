// RUN: echo-code %s | FileCheck %s

func.func @f() {
  return
}

// CHECK-LABEL: func.func @f
// CHECK-NEXT: return
