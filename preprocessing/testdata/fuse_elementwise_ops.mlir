// RUN: torchlower opt %s -p fuse-elementwise-ops --split-input-file | FileCheck %s
// RUN: torchlower opt %s -p 'fuse-elementwise-ops{fuse-broadcast-producers=true}' --split-input-file | FileCheck %s --check-prefix=BCAST
// RUN: torchlower opt %s -p 'fuse-elementwise-ops{fuse-into-sums=true}' --split-input-file | FileCheck %s --check-prefix=SUMS

// Two-op chain: negf(add(a, b)) becomes one generic over a and b; the
// producer's init is gone.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @two_op_chain(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4x8xf32>, %[[B:[^:]*]]: tensor<4x8xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NOT:     tensor.empty
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID:map[0-9]*]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK-NEXT:    ^bb0(%[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %{{[^:]*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[S]] : f32
// CHECK-NEXT:      linalg.yield %[[N]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[G]]
func.func @two_op_chain(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e0 = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e0 : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// Three-op chain through two casts: truncf(mulf(extf(a), s)) on f16 data
// with an f32 scale becomes one generic from f16 to f16.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @extf_mulf_truncf(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<16xf16>, %[[S:[^:]*]]: tensor<16xf32>)
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[S]] : tensor<16xf16>, tensor<16xf32>) outs(%{{.*}} : tensor<16xf16>)
// CHECK-NEXT:    ^bb0(%[[X:[^:]*]]: f16, %[[Y:[^:]*]]: f32, %{{[^:]*}}: f16):
// CHECK-NEXT:      %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[W]], %[[Y]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[M]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[T]] : f16
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[G]]
func.func @extf_mulf_truncf(%a: tensor<16xf16>, %s: tensor<16xf32>) -> tensor<16xf16> {
  %e0 = tensor.empty() : tensor<16xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<16xf16>) outs(%e0 : tensor<16xf32>) {
  ^bb0(%x: f16, %out: f32):
    %w = arith.extf %x : f16 to f32
    linalg.yield %w : f32
  } -> tensor<16xf32>
  %e1 = tensor.empty() : tensor<16xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%0, %s : tensor<16xf32>, tensor<16xf32>) outs(%e1 : tensor<16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %e2 = tensor.empty() : tensor<16xf16>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%1 : tensor<16xf32>) outs(%e2 : tensor<16xf16>) {
  ^bb0(%x: f32, %out: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<16xf16>
  return %2 : tensor<16xf16>
}

// -----

// The forward-conv epilogue as lowering emits it: relu(add(conv, bias))
// with the bias broadcast along N, H, W. The convolution (a reduction)
// stays a separate generic; the bias add and the relu fuse into one
// generic that reads the convolution and the broadcast bias.
#x = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#w = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#b = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @conv_bias_relu(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<1x3x6x6xf32>, %[[W:[^:]*]]: tensor<4x3x3x3xf32>, %[[B:[^:]*]]: tensor<4xf32>)
// CHECK:         %[[C:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[X]], %[[W]] : {{.*}})
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID:map[0-9]*]], #[[BM:map[0-9]*]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[C]], %[[B]] : tensor<1x4x4x4xf32>, tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[V:[^:]*]]: f32, %[[BV:[^:]*]]: f32, %{{[^:]*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[V]], %[[BV]] : f32
// CHECK:           arith.cmpf ugt, %[[S]]
// CHECK:           %[[R:.*]] = arith.select
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[G]]
func.func @conv_bias_relu(%x: tensor<1x3x6x6xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e0 = tensor.empty() : tensor<1x4x4x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %0 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32>) outs(%acc : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %k: f32, %out: f32):
    %m = arith.mulf %in, %k : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x4x4x4xf32>
  %e1 = tensor.empty() : tensor<1x4x4x4xf32>
  %1 = linalg.generic {indexing_maps = [#id, #b, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %b : tensor<1x4x4x4xf32>, tensor<4xf32>) outs(%e1 : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<1x4x4x4xf32>
  %e2 = tensor.empty() : tensor<1x4x4x4xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x4x4x4xf32>) outs(%e2 : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c0 = arith.constant 0.000000e+00 : f32
    %p = arith.cmpf ugt, %in, %c0 : f32
    %r = arith.select %p, %in, %c0 : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x4xf32>
  return %2 : tensor<1x4x4x4xf32>
}

// -----

// A permuted producer: P's loops (i, j) write out[j, i], a transposition
// fused with an exp; C reads P's result straight. P's input map becomes
// (d0, d1) -> (d1, d0) in C's loops, and its linalg.index 0 (P's i, which
// is C's j) becomes linalg.index 1.
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @permuted_producer(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<3x5xf32>)
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[T:map[0-9]*]], #[[ID:map[0-9]*]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]] : tensor<3x5xf32>) outs(%{{.*}} : tensor<5x3xf32>)
// CHECK-NEXT:    ^bb0(%[[X:[^:]*]]: f32, %{{[^:]*}}: f32):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[II]] : i64 to f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[X]], %[[F]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[S]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[G]]
func.func @permuted_producer(%a: tensor<3x5xf32>) -> tensor<5x3xf32> {
  %e0 = tensor.empty() : tensor<5x3xf32>
  %0 = linalg.generic {indexing_maps = [#id, #t], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x5xf32>) outs(%e0 : tensor<5x3xf32>) {
  ^bb0(%x: f32, %out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %s = arith.addf %x, %f : f32
    linalg.yield %s : f32
  } -> tensor<5x3xf32>
  %e1 = tensor.empty() : tensor<5x3xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<5x3xf32>) outs(%e1 : tensor<5x3xf32>) {
  ^bb0(%x: f32, %out: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<5x3xf32>
  return %1 : tensor<5x3xf32>
}

// -----

// A producer with two inputs fused into a consumer with inputs of its own:
// the producer's inputs go where its result was (after C's inputs before
// it), and %a, read by both with the same map, is passed once.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @two_input_producer(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<2x6xf32>, %[[B:[^:]*]]: tensor<2xf32>, %[[C:[^:]*]]: tensor<2x6xf32>)
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID:map[0-9]*]], #[[ID]], #[[ROW:map[0-9]*]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[C]], %[[A]], %[[B]] : tensor<2x6xf32>, tensor<2x6xf32>, tensor<2xf32>) outs(%{{.*}} : tensor<2x6xf32>)
// CHECK-NEXT:    ^bb0(%[[CV:[^:]*]]: f32, %[[AV:[^:]*]]: f32, %[[BV:[^:]*]]: f32, %{{[^:]*}}: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[AV]], %[[BV]] : f32
// CHECK-NEXT:      %[[M2:.*]] = arith.mulf %[[M]], %[[AV]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.subf %[[CV]], %[[M2]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[G]]
func.func @two_input_producer(%a: tensor<2x6xf32>, %b: tensor<2xf32>, %c: tensor<2x6xf32>) -> tensor<2x6xf32> {
  %e0 = tensor.empty() : tensor<2x6xf32>
  %0 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x6xf32>, tensor<2xf32>) outs(%e0 : tensor<2x6xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<2x6xf32>
  %e1 = tensor.empty() : tensor<2x6xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %0, %a : tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) outs(%e1 : tensor<2x6xf32>) {
  ^bb0(%u: f32, %v: f32, %w: f32, %out: f32):
    %m = arith.mulf %v, %w : f32
    %r = arith.subf %u, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x6xf32>
  return %1 : tensor<2x6xf32>
}

// -----

// A producer with two results, both read by the consumer at the same
// point (and nowhere else): P's body runs once per element and both
// yielded values replace C's arguments.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @two_result_producer(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<8xf32>)
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK-NEXT:    ^bb0(%[[X:[^:]*]]: f32, %{{[^:]*}}: f32):
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:      %[[D:.*]] = arith.divf %[[E]], %[[N]] : f32
// CHECK-NEXT:      linalg.yield %[[D]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[G]]
func.func @two_result_producer(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e0 = tensor.empty() : tensor<8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e0, %e1 : tensor<8xf32>, tensor<8xf32>) {
  ^bb0(%x: f32, %o0: f32, %o1: f32):
    %e = math.exp %x : f32
    %n = arith.negf %x : f32
    linalg.yield %e, %n : f32, f32
  } -> (tensor<8xf32>, tensor<8xf32>)
  %e2 = tensor.empty() : tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%0#0, %0#1 : tensor<8xf32>, tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %d = arith.divf %p, %q : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// A producer the consumer broadcasts: C reads the 1-D P at (d1) for every
// d0, so fusing would recompute P's body 4 times per element. By default
// nothing fuses; with fuse-broadcast-producers it fuses and P's
// linalg.index 0 becomes C's linalg.index 1.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#id1 = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @broadcast_producer(
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]}
// BCAST-LABEL: func.func @broadcast_producer(
// BCAST-SAME:      %[[A:[^:]*]]: tensor<4x6xf32>, %[[B:[^:]*]]: tensor<6xf32>)
// BCAST:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID:map[0-9]*]], #[[COL:map[0-9]*]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<4x6xf32>, tensor<6xf32>)
// BCAST-NEXT:    ^bb0(%[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %{{[^:]*}}: f32):
// BCAST-NEXT:      %[[I:.*]] = linalg.index 1 : index
// BCAST-NEXT:      %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// BCAST-NEXT:      %[[F:.*]] = arith.sitofp %[[II]] : i64 to f32
// BCAST-NEXT:      %[[S:.*]] = arith.mulf %[[Y]], %[[F]] : f32
// BCAST-NEXT:      %[[R:.*]] = arith.addf %[[X]], %[[S]] : f32
// BCAST-NEXT:      linalg.yield %[[R]] : f32
// BCAST-NOT:     linalg.generic
// BCAST:         return %[[G]]
func.func @broadcast_producer(%a: tensor<4x6xf32>, %b: tensor<6xf32>) -> tensor<4x6xf32> {
  %e0 = tensor.empty() : tensor<6xf32>
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%b : tensor<6xf32>) outs(%e0 : tensor<6xf32>) {
  ^bb0(%y: f32, %out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %s = arith.mulf %y, %f : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  %e1 = tensor.empty() : tensor<4x6xf32>
  %1 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %0 : tensor<4x6xf32>, tensor<6xf32>) outs(%e1 : tensor<4x6xf32>) {
  ^bb0(%x: f32, %p: f32, %out: f32):
    %r = arith.addf %x, %p : f32
    linalg.yield %r : f32
  } -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// -----

// A consumer with a reduction loop is never fused into: the exp stays a
// separate generic and the row sum keeps its plain accumulate body.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reduction_consumer(
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]}
// CHECK:           math.exp
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[P]] : tensor<3x7xf32>)
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      linalg.yield
func.func @reduction_consumer(%a: tensor<3x7xf32>, %acc: tensor<3xf32>) -> tensor<3xf32> {
  %e0 = tensor.empty() : tensor<3x7xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x7xf32>) outs(%e0 : tensor<3x7xf32>) {
  ^bb0(%x: f32, %out: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<3x7xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<3x7xf32>) outs(%acc : tensor<3xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.addf %out, %x : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// A producer whose result has a second use (here the return) is not fused:
// its consumer would recompute it while it is still materialized.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @producer_two_uses(
// CHECK:         %[[P:.*]] = linalg.generic
// CHECK:           math.exp
// CHECK:         %[[C:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<8xf32>)
// CHECK:           arith.negf
// CHECK:         return %[[P]], %[[C]]
func.func @producer_two_uses(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e0 = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%0 : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A producer that reads its out argument (an in-place accumulate into %acc)
// is not fused: its init would have to come along.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @producer_reads_out(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<8xf32>, %[[ACC:[^:]*]]: tensor<8xf32>)
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<8xf32>) outs(%[[ACC]] : tensor<8xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[P]] : tensor<8xf32>)
func.func @producer_reads_out(%a: tensor<8xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.addf %out, %x : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%0 : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// A producer whose output map is not a permutation ((d0, d1) -> (d0): each
// output element is written once per d1) is not fused: C's loops cannot be
// mapped back to one point of P.
#in = affine_map<(d0, d1) -> (d0, d1)>
#proj = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @non_permutation_producer(
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]}
// CHECK:         linalg.generic {{.*}} ins(%[[P]] : tensor<4xf32>)
func.func @non_permutation_producer(%a: tensor<4x1xf32>) -> tensor<4xf32> {
  %e0 = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#in, #proj], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x1xf32>) outs(%e0 : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%0 : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// A batch norm's gradient sums dy·(x − mean) over all but the channel.
// With fuse-into-sums the product goes into the plain sum (the sum's
// loops and iterators, the product's inputs, its body then the add), and
// its init with it; without, both stay.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#ch = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @product_into_sum(
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         return
// SUMS-LABEL: func.func @product_into_sum(
// SUMS-SAME:      %[[DY:[^:]*]]: tensor<2x3x4xf32>, %[[X:[^:]*]]: tensor<2x3x4xf32>, %[[M:[^:]*]]: tensor<3xf32>)
// SUMS:         %[[Z:.*]] = linalg.fill
// SUMS-NOT:     tensor.empty() : tensor<2x3x4xf32>
// SUMS:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID:map[0-9]*]], #[[ID]], #[[CH:map[0-9]*]], #[[CH]]], iterator_types = ["reduction", "parallel", "reduction"]} ins(%[[DY]], %[[X]], %[[M]] : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<3xf32>) outs(%[[Z]] : tensor<3xf32>)
// SUMS-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32, %[[C:[^:]*]]: f32, %[[O:[^:]*]]: f32):
// SUMS-NEXT:      %[[D:.*]] = arith.subf %[[B]], %[[C]] : f32
// SUMS-NEXT:      %[[P:.*]] = arith.mulf %[[A]], %[[D]] : f32
// SUMS-NEXT:      %[[S:.*]] = arith.addf %[[O]], %[[P]] : f32
// SUMS-NEXT:      linalg.yield %[[S]] : f32
// SUMS-NOT:     linalg.generic
// SUMS:         return %[[G]]
func.func @product_into_sum(%dy: tensor<2x3x4xf32>, %x: tensor<2x3x4xf32>, %m: tensor<3xf32>) -> tensor<3xf32> {
  %e0 = tensor.empty() : tensor<2x3x4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%dy, %x, %m : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<3xf32>) outs(%e0 : tensor<2x3x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %out: f32):
    %d = arith.subf %b, %c : f32
    %p = arith.mulf %a, %d : f32
    linalg.yield %p : f32
  } -> tensor<2x3x4xf32>
  %cst = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<3xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %1 = linalg.generic {indexing_maps = [#id, #ch], iterator_types = ["reduction", "parallel", "reduction"]} ins(%0 : tensor<2x3x4xf32>) outs(%z : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// Not plain sums, or not alone, or a product: a product the function
// also returns, a reduction that scales its input before adding it, and
// a product of two inputs summed alone (fused, fp-contract would round
// each term once where the pair rounds the product apart) stay apart
// with fuse-into-sums.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// SUMS-LABEL: func.func @not_plain_sums(
// SUMS-COUNT-6: linalg.generic
// SUMS-NOT:     linalg.generic
// SUMS:         return
func.func @not_plain_sums(%a: tensor<2x5xf32>, %b: tensor<2x5xf32>, %z: tensor<2xf32>) -> (tensor<2x5xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %e = tensor.empty() : tensor<2x5xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x5xf32>, tensor<2x5xf32>) outs(%e : tensor<2x5xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<2x5xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<2x5xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x5xf32>, tensor<2x5xf32>) outs(%e : tensor<2x5xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %p = arith.subf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<2x5xf32>
  %3 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<2x5xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %in : f32
    %s = arith.addf %t, %out : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x5xf32>, tensor<2x5xf32>) outs(%e : tensor<2x5xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<2x5xf32>
  %5 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<2x5xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %0, %1, %3, %5 : tensor<2x5xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
