// Generics whose bodies are twins: the same ops with one difference each
// (element type, constant, predicate, operand order, indexed loop, a
// constant from outside, block argument types, a captured tensor), for
// TestSharedBodies, TestSameBody and TestSharedPrograms. A run compiles
// each distinct body once and shares it (prepare.go); no twin may take
// the other's program. Only @twins' first and last generics (one body
// over 256 and over 257 elements) are equal.
#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @twins(%x: tensor<256xf32>, %y: tensor<256xf64>, %i: tensor<256xi32>, %j: tensor<256xi64>, %m: tensor<2x3xf32>, %z: tensor<257xf32>, %b: tensor<256xi8>, %h: tensor<256xi16>) -> (tensor<256xf32>, tensor<256xf64>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xi32>, tensor<256xi64>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<257xf32>, tensor<256xf32>, tensor<256xi32>, tensor<256xi32>) {
  %ef = tensor.empty() : tensor<256xf32>
  %ed = tensor.empty() : tensor<256xf64>
  %ei = tensor.empty() : tensor<256xi32>
  %ej = tensor.empty() : tensor<256xi64>
  %em = tensor.empty() : tensor<2x3xf32>
  %ez = tensor.empty() : tensor<257xf32>
  %tenth = arith.constant 1.000000e-01 : f32
  %third = arith.constant 3.000000e-01 : f32
  // 0: x * 0.1 in f32.
  %r0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%ef : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 1.000000e-01 : f32
    %p = arith.mulf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<256xf32>
  // 1: the same in f64.
  %r1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%y : tensor<256xf64>) outs(%ed : tensor<256xf64>) {
  ^bb0(%a: f64, %o: f64):
    %c = arith.constant 1.000000e-01 : f64
    %p = arith.mulf %a, %c : f64
    linalg.yield %p : f64
  } -> tensor<256xf64>
  // 2: another constant.
  %r2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%ef : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 3.000000e-01 : f32
    %p = arith.mulf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<256xf32>
  // 3: max(x, 0) with ogt.
  %r3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%ef : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %g = arith.cmpf ogt, %a, %zero : f32
    %s = arith.select %g, %a, %zero : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  // 4: min(x, 0) with olt.
  %r4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%ef : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %g = arith.cmpf olt, %a, %zero : f32
    %s = arith.select %g, %a, %zero : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  // 5: i + i wrapping at 32 bits.
  %r5 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%i : tensor<256xi32>) outs(%ei : tensor<256xi32>) {
  ^bb0(%a: i32, %o: i32):
    %s = arith.addi %a, %a : i32
    linalg.yield %s : i32
  } -> tensor<256xi32>
  // 6: the same at 64 bits.
  %r6 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%j : tensor<256xi64>) outs(%ej : tensor<256xi64>) {
  ^bb0(%a: i64, %o: i64):
    %s = arith.addi %a, %a : i64
    linalg.yield %s : i64
  } -> tensor<256xi64>
  // 7: x - o, where the output's initial values o are generic 0's.
  %r7 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%r0 : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.subf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  // 8: operands swapped: o - x, o being generic 2's values.
  %r8 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%r2 : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.subf %o, %a : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  // 9: x * 0.1 with the constant defined outside the body, to the
  // planner's taste (it may sink it).
  %r9 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%ef : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.mulf %tenth, %a : f32
    linalg.yield %p : f32
  } -> tensor<256xf32>
  // 10 and 11: m + its row index, m + its column index.
  %r10 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<2x3xf32>) outs(%em : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %k = linalg.index 0 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %s = arith.addf %a, %kf : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %r11 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<2x3xf32>) outs(%em : tensor<2x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %s = arith.addf %a, %kf : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  // 12: generic 0's body over 257 elements: the one twin that shares.
  %r12 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%z : tensor<257xf32>) outs(%ez : tensor<257xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.constant 1.000000e-01 : f32
    %p = arith.mulf %a, %c : f32
    linalg.yield %p : f32
  } -> tensor<257xf32>
  // 13: generic 9 with another constant from outside.
  %r13 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<256xf32>) outs(%ef : tensor<256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.mulf %third, %a : f32
    linalg.yield %p : f32
  } -> tensor<256xf32>
  // 14 and 15: zero-extension from 8 and from 16 bits (the ops and the
  // result types are equal; the block arguments' types differ).
  %r14 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : tensor<256xi8>) outs(%ei : tensor<256xi32>) {
  ^bb0(%a: i8, %o: i32):
    %w = arith.extui %a : i8 to i32
    linalg.yield %w : i32
  } -> tensor<256xi32>
  %r15 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<256xi16>) outs(%ei : tensor<256xi32>) {
  ^bb0(%a: i16, %o: i32):
    %w = arith.extui %a : i16 to i32
    linalg.yield %w : i32
  } -> tensor<256xi32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15 : tensor<256xf32>, tensor<256xf64>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xi32>, tensor<256xi64>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<257xf32>, tensor<256xf32>, tensor<256xi32>, tensor<256xi32>
}

// Two generics that multiply by an element of a tensor (read with
// tensor.extract after the planner sinks it): the bodies are equal but
// for the tensor they capture.
func.func @captures(%x: tensor<4xf32>, %s: tensor<1xf32>, %t: tensor<1xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %s[%c0] : tensor<1xf32>
  %w = tensor.extract %t[%c0] : tensor<1xf32>
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %v : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %w : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %y, %z : tensor<4xf32>, tensor<4xf32>
}
