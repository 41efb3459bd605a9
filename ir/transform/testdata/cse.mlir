// RUN: torchlower opt %s -p cse --split-input-file | FileCheck %s

// Equal pure ops merge; the later one's uses move to the earlier one.
// CHECK-LABEL: func.func @simple
// CHECK-SAME:    (%[[A:.*]]: i32)
// CHECK:         %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[C]] : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[S]], %[[S]] : i32
// CHECK-NEXT:    return %[[M]] : i32
func.func @simple(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c1_again = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %a, %c1_again : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// -----

// Different attributes or types keep ops apart.
// CHECK-LABEL: func.func @different
// CHECK-COUNT-2: arith.constant
// CHECK-NOT:     arith.constant
func.func @different() -> (i32, i64) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i64
  return %0, %1 : i32, i64
}

// -----

// A value from the enclosing region is reused inside a linalg.generic body,
// but a value computed inside one body is not visible in a sibling.
// CHECK-LABEL: func.func @nested
// CHECK:         %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         linalg.generic
// CHECK-NOT:       arith.constant
// CHECK:           arith.mulf %{{.*}}, %[[C]] : f32
// CHECK:         linalg.generic
// CHECK:           %[[X:.*]] = arith.negf
// CHECK-NEXT:      %[[Y:.*]] = arith.addf %[[X]], %[[X]]
#map = affine_map<(d0) -> (d0)>
func.func @nested(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant 2.0 : f32
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c_inner = arith.constant 2.0 : f32
    %m = arith.mulf %in, %c_inner : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.negf %in : f32
    %y = arith.negf %in : f32
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Ops with side effects (unknown to be pure) are never merged.
// CHECK-LABEL: func.func @calls
// CHECK-COUNT-2: call @g
func.func private @g() -> i32
func.func @calls() -> (i32, i32) {
  %0 = call @g() : () -> i32
  %1 = call @g() : () -> i32
  return %0, %1 : i32, i32
}
