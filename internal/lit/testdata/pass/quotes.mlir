// RUN: args 'a  b' "c|d \"e\"" f\ g %s %% | FileCheck %s --strict-whitespace

// CHECK: [a  b]
// CHECK-NEXT: [c|d "e"]
// CHECK-NEXT: [f g]
// CHECK-NEXT: [/{{.*}}/pass/quotes.mlir]
// CHECK-NEXT: [%]
