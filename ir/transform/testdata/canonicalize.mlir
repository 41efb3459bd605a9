// RUN: torchlower opt %s -p canonicalize --split-input-file | FileCheck %s

// Constants fold through a chain of scalar ops; the dead ops disappear.
// CHECK-LABEL: func.func @fold_chain
// CHECK-NEXT:    %[[C:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    return %[[C]] : i32
func.func @fold_chain() -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %c3, %c4 : i32
  %unused = arith.muli %0, %0 : i32
  return %0 : i32
}

// -----

// Identities: x + 0 and x * 1 are x.
// CHECK-LABEL: func.func @identities
// CHECK-SAME:    (%[[X:[^:]*]]: i64)
// CHECK-NEXT:    return %[[X]] : i64
func.func @identities(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %0 = arith.addi %x, %c0 : i64
  %1 = arith.muli %0, %c1 : i64
  return %1 : i64
}

// -----

// Float folding rounds to the result type.
// CHECK-LABEL: func.func @float_fold
// CHECK:         arith.constant 3.500000e+00 : f32
// CHECK-NOT:     arith.addf
func.func @float_fold() -> f32 {
  %a = arith.constant 1.25 : f32
  %b = arith.constant 2.25 : f32
  %0 = arith.addf %a, %b : f32
  return %0 : f32
}

// -----

// Ops with side effects or uses stay; only dead pure ops go.
// CHECK-LABEL: func.func @keeps_calls
// CHECK:         call @effect
// CHECK-NOT:     arith.addi
func.func private @effect() -> i32
func.func @keeps_calls(%a: i32) {
  %0 = call @effect() : () -> i32
  %1 = arith.addi %a, %a : i32
  return
}

// -----

// Folding reaches into linalg.generic bodies (x + -0.0 is x; x + 0.0 is
// not, for x = -0.0) and tensor ops.
// CHECK-LABEL: func.func @nested_and_tensor
// CHECK-DAG:     %[[D:.*]] = arith.constant 4 : index
// CHECK-DAG:     linalg.generic
// CHECK:         ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[IN]], %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// CHECK:         return %{{.*}}, %[[D]]
#map = affine_map<(d0) -> (d0)>
func.func @nested_and_tensor(%t: tensor<4xf32>) -> (tensor<4xf32>, index) {
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant -0.0 : f32
    %x = arith.addf %in, %zero : f32
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<4xf32>
  return %0, %d : tensor<4xf32>, index
}

// -----

// An insert_slice that overwrites its whole destination is its source.
// CHECK-LABEL: func.func @full_insert
// CHECK-SAME:    (%[[S:[^:]*]]: tensor<2x3xf32>
// CHECK-NEXT:    return %[[S]]
func.func @full_insert(%s: tensor<2x3xf32>, %d: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.insert_slice %s into %d[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An unused linalg.generic on tensors has no effects (its body is pure):
// it is erased with the tensor.empty and the chain that fed it, as
// upstream's canonicalize does. One whose result is returned stays.
// CHECK-LABEL: func.func @dead_generic
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %[[G:.*]] = linalg.generic
// CHECK:         return %[[G]] : tensor<4xf32>
// CHECK-NOT:     linalg.generic
#id = affine_map<(d0) -> (d0)>
func.func @dead_generic(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xi64>
  %idx = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e : tensor<4xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<4xi64>
  %e2 = tensor.empty() : tensor<4xi64>
  %twice = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%idx : tensor<4xi64>) outs(%e2 : tensor<4xi64>) {
  ^bb0(%in: i64, %out: i64):
    %s = arith.addi %in, %in : i64
    linalg.yield %s : i64
  } -> tensor<4xi64>
  %f = tensor.empty() : tensor<4xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %neg : tensor<4xf32>
}
