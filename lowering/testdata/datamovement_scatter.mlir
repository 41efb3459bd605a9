// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// slice_scatter writes src at the slice that slice.Tensor with the same
// arguments reads: x[1::2] of a dim of 6 is 3 rows at stride 2.
// CHECK-LABEL: func.func @slice_scatter_step(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<6x4xf32>, %[[S:[^:]*]]: tensor<3x4xf32>
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[S]] into %[[X]][1, 0] [3, 4] [2, 1] : tensor<3x4xf32> into tensor<6x4xf32>
// CHECK:         return %[[R]]
func.func @slice_scatter_step(%x: !torch.vtensor<[6,4],f32>, %src: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[6,4],f32> {
  %dim = torch.constant.int 0
  %start = torch.constant.int 1
  %end = torch.constant.int 9223372036854775807
  %step = torch.constant.int 2
  %0 = torch.aten.slice_scatter %x, %src, %dim, %start, %end, %step : !torch.vtensor<[6,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[6,4],f32>
  return %0 : !torch.vtensor<[6,4],f32>
}

// -----

// The functionalized KV-cache slice write cache[:, :, 4:6] = kv.
// CHECK-LABEL: func.func @slice_scatter_kv(
// CHECK-SAME:      %[[C:[^:]*]]: tensor<1x2x8x4xf32>, %[[KV:[^:]*]]: tensor<1x2x2x4xf32>
// CHECK:         tensor.insert_slice %[[KV]] into %[[C]][0, 0, 4, 0] [1, 2, 2, 4] [1, 1, 1, 1] : tensor<1x2x2x4xf32> into tensor<1x2x8x4xf32>
func.func @slice_scatter_kv(%cache: !torch.vtensor<[1,2,8,4],f32>, %kv: !torch.vtensor<[1,2,2,4],f32>) -> !torch.vtensor<[1,2,8,4],f32> {
  %dim = torch.constant.int 2
  %start = torch.constant.int 4
  %end = torch.constant.int 6
  %step = torch.constant.int 1
  %0 = torch.aten.slice_scatter %cache, %kv, %dim, %start, %end, %step : !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,2,8,4],f32>
  return %0 : !torch.vtensor<[1,2,8,4],f32>
}

// -----

// select_scatter inserts src as a rank-reduced slice at index -1 -> 2.
// CHECK-LABEL: func.func @select_scatter(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3xf32>, %[[S:[^:]*]]: tensor<2xf32>
// CHECK:         tensor.insert_slice %[[S]] into %[[X]][0, 2] [2, 1] [1, 1] : tensor<2xf32> into tensor<2x3xf32>
func.func @select_scatter(%x: !torch.vtensor<[2,3],f32>, %src: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2,3],f32> {
  %dim = torch.constant.int 1
  %idx = torch.constant.int -1
  %0 = torch.aten.select_scatter %x, %src, %dim, %idx : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// slice_backward: the gradient inserted into zeros of the input's sizes.
// CHECK-LABEL: func.func @slice_backward(
// CHECK-SAME:      %[[G:[^:]*]]: tensor<2x3xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x8xf32>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<2x8xf32>)
// CHECK:         tensor.insert_slice %[[G]] into %[[Z]][0, 1] [2, 3] [1, 2] : tensor<2x3xf32> into tensor<2x8xf32>
func.func @slice_backward(%g: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,8],f32> {
  %a = torch.constant.int 2
  %b = torch.constant.int 8
  %sizes = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %dim = torch.constant.int 1
  %start = torch.constant.int 1
  %end = torch.constant.int 6
  %step = torch.constant.int 2
  %0 = torch.aten.slice_backward %g, %sizes, %dim, %start, %end, %step : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,8],f32>
  return %0 : !torch.vtensor<[2,8],f32>
}

// -----

// select_backward: a rank-reduced insert into zeros.
// CHECK-LABEL: func.func @select_backward(
// CHECK-SAME:      %[[G:[^:]*]]: tensor<4xf32>
// CHECK:         %[[Z:.*]] = linalg.fill
// CHECK:         tensor.insert_slice %[[G]] into %[[Z]][1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
func.func @select_backward(%g: !torch.vtensor<[4],f32>) -> !torch.vtensor<[3,4],f32> {
  %a = torch.constant.int 3
  %b = torch.constant.int 4
  %sizes = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %dim = torch.constant.int 0
  %idx = torch.constant.int 1
  %0 = torch.aten.select_backward %g, %sizes, %dim, %idx : !torch.vtensor<[4],f32>, !torch.list<int>, !torch.int, !torch.int -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// The KV-cache decode step cache.index_copy_(2, pos, kv) with one position:
// a single insert_slice whose offset along dim 2 is read from the index at
// run time (tensor.extract -> arith.index_cast), with no scatter loop.
// index_copy does not wrap negative indices, so no select appears.
// CHECK-LABEL: func.func @index_copy_kv_decode(
// CHECK-SAME:      %[[C:[^:]*]]: tensor<1x2x8x4xf32>, %[[P:[^:]*]]: tensor<1xi64>, %[[KV:[^:]*]]: tensor<1x2x1x4xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[I:.*]] = tensor.extract %[[P]][%[[C0]]] : tensor<1xi64>
// CHECK-NEXT:    %[[OFF:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK-NEXT:    %[[R:.*]] = tensor.insert_slice %[[KV]] into %[[C]][0, 0, %[[OFF]], 0] [1, 2, 1, 4] [1, 1, 1, 1] : tensor<1x2x1x4xf32> into tensor<1x2x8x4xf32>
// CHECK-NEXT:    return %[[R]]
// CHECK-NOT:     linalg.generic
func.func @index_copy_kv_decode(%cache: !torch.vtensor<[1,2,8,4],f32>, %pos: !torch.vtensor<[1],si64>, %kv: !torch.vtensor<[1,2,1,4],f32>) -> !torch.vtensor<[1,2,8,4],f32> {
  %d = torch.constant.int 2
  %0 = torch.aten.index_copy %cache, %d, %pos, %kv : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.vtensor<[1],si64>, !torch.vtensor<[1,2,1,4],f32> -> !torch.vtensor<[1,2,8,4],f32>
  return %0 : !torch.vtensor<[1,2,8,4],f32>
}

// -----

// The in-place index_copy_ on a value tensor used only by it lowers the same
// way; a 0-d index is read with no indices.
// CHECK-LABEL: func.func @index_copy_inplace_0d_index(
// CHECK-SAME:      %[[C:[^:]*]]: tensor<8x4xbf16>, %[[P:[^:]*]]: tensor<i64>, %[[KV:[^:]*]]: tensor<1x4xbf16>
// CHECK:         %[[I:.*]] = tensor.extract %[[P]][] : tensor<i64>
// CHECK-NEXT:    %[[OFF:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK-NEXT:    tensor.insert_slice %[[KV]] into %[[C]][%[[OFF]], 0] [1, 4] [1, 1] : tensor<1x4xbf16> into tensor<8x4xbf16>
func.func @index_copy_inplace_0d_index(%cache: !torch.vtensor<[8,4],bf16>, %pos: !torch.vtensor<[],si64>, %kv: !torch.vtensor<[1,4],bf16>) -> !torch.vtensor<[8,4],bf16> {
  %d = torch.constant.int 0
  %0 = torch.aten.index_copy_ %cache, %d, %pos, %kv : !torch.vtensor<[8,4],bf16>, !torch.int, !torch.vtensor<[],si64>, !torch.vtensor<[1,4],bf16> -> !torch.vtensor<[8,4],bf16>
  return %0 : !torch.vtensor<[8,4],bf16>
}

// -----

// index_copy of several positions (prefill) is the scatter generic: loops
// over the cache plus a reduction loop k over the 3 index positions; each
// element takes source[.., k, ..] when index[k] equals its position along
// dim 2 (linalg.index 2), else keeps its value.
// CHECK-DAG:   #[[IDX:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d4)>
// CHECK-DAG:   #[[SRC:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @index_copy_prefill(
// CHECK-SAME:      %[[C:[^:]*]]: tensor<1x2x8x4xf32>, %[[P:[^:]*]]: tensor<3xi64>, %[[KV:[^:]*]]: tensor<1x2x3x4xf32>
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[IDX]], #[[SRC]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[P]], %[[KV]] : tensor<3xi64>, tensor<1x2x3x4xf32>) outs(%[[C]] : tensor<1x2x8x4xf32>)
// CHECK-NEXT:    ^bb0(%[[I:.*]]: i64, %[[V:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[POS:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK-NEXT:      %[[D:.*]] = linalg.index 2 : index
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpi eq, %[[POS]], %[[D]] : index
// CHECK-NEXT:      %[[SEL:.*]] = arith.select %[[EQ]], %[[V]], %[[ACC]] : f32
// CHECK-NEXT:      linalg.yield %[[SEL]] : f32
// CHECK:         return %[[R]]
func.func @index_copy_prefill(%cache: !torch.vtensor<[1,2,8,4],f32>, %pos: !torch.vtensor<[3],si64>, %kv: !torch.vtensor<[1,2,3,4],f32>) -> !torch.vtensor<[1,2,8,4],f32> {
  %d = torch.constant.int -2
  %0 = torch.aten.index_copy %cache, %d, %pos, %kv : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.vtensor<[3],si64>, !torch.vtensor<[1,2,3,4],f32> -> !torch.vtensor<[1,2,8,4],f32>
  return %0 : !torch.vtensor<[1,2,8,4],f32>
}

// -----

// The fallback KV-cache write cache[:, :, pos] = kv (index_put with
// accumulate=False, one position): an insert_slice at the dynamic offset.
// Advanced indexing wraps a negative position (pos < 0 ? pos + 8 : pos).
// CHECK-LABEL: func.func @index_put_kv_decode(
// CHECK-SAME:      %[[C:[^:]*]]: tensor<1x2x8x4xf32>, %[[P:[^:]*]]: tensor<1xi64>, %[[KV:[^:]*]]: tensor<1x2x1x4xf32>
// CHECK:         %[[I:.*]] = tensor.extract %[[P]][%{{.*}}] : tensor<1xi64>
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : i64
// CHECK:         %[[PLUS:.*]] = arith.addi %[[I]], %{{.*}} : i64
// CHECK:         %[[W:.*]] = arith.select %[[NEG]], %[[PLUS]], %[[I]] : i64
// CHECK:         %[[OFF:.*]] = arith.index_cast %[[W]] : i64 to index
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[KV]] into %[[C]][0, 0, %[[OFF]], 0] [1, 2, 1, 4] [1, 1, 1, 1] : tensor<1x2x1x4xf32> into tensor<1x2x8x4xf32>
// CHECK:         return %[[R]]
// CHECK-NOT:     linalg.generic
func.func @index_put_kv_decode(%cache: !torch.vtensor<[1,2,8,4],f32>, %pos: !torch.vtensor<[1],si64>, %kv: !torch.vtensor<[1,2,1,4],f32>) -> !torch.vtensor<[1,2,8,4],f32> {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %none, %none, %pos : (!torch.none, !torch.none, !torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  %0 = torch.aten.index_put %cache, %l, %kv, %f : !torch.vtensor<[1,2,8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,2,1,4],f32>, !torch.bool -> !torch.vtensor<[1,2,8,4],f32>
  return %0 : !torch.vtensor<[1,2,8,4],f32>
}

// -----

// The ExecuTorch form x[:, :, input_pos] = value with a 0-d position inside
// a slice of the cache: the indexed result is [1, 2, 4] (the 0-d index
// removes dim 2), so value [2, 4] is broadcast to it, reshaped to the slice
// [1, 2, 1, 4] and inserted at the dynamic offset.
// CHECK-LABEL: func.func @index_put_0d_broadcast(
// CHECK-SAME:      %[[C:[^:]*]]: tensor<1x2x8x4xf32>, %[[P:[^:]*]]: tensor<i64>, %[[V:[^:]*]]: tensor<2x4xf32>
// CHECK:         %[[B:.*]] = linalg.generic {{.*}} ins(%[[V]] : tensor<2x4xf32>) outs(%{{.*}} : tensor<1x2x4xf32>)
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[B]] {{\[}}[0], [1], [2, 3]] : tensor<1x2x4xf32> into tensor<1x2x1x4xf32>
// CHECK:         %[[I:.*]] = tensor.extract %[[P]][] : tensor<i64>
// CHECK:         %[[OFF:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         tensor.insert_slice %[[E]] into %[[C]][0, 0, %[[OFF]], 0] [1, 2, 1, 4] [1, 1, 1, 1]
func.func @index_put_0d_broadcast(%cache: !torch.vtensor<[1,2,8,4],f32>, %pos: !torch.vtensor<[],si64>, %v: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[1,2,8,4],f32> {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %none, %none, %pos : (!torch.none, !torch.none, !torch.vtensor<[],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  %0 = torch.aten.index_put %cache, %l, %v, %f : !torch.vtensor<[1,2,8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,4],f32>, !torch.bool -> !torch.vtensor<[1,2,8,4],f32>
  return %0 : !torch.vtensor<[1,2,8,4],f32>
}

// -----

// index_put with accumulate=True at one position: the slice is read at the
// same dynamic offset, added to, and written back.
// CHECK-LABEL: func.func @index_put_accumulate_one(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<5x3xf32>, %[[P:[^:]*]]: tensor<1xi64>, %[[V:[^:]*]]: tensor<1x3xf32>
// CHECK:         %[[OFF:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         %[[CUR:.*]] = tensor.extract_slice %[[X]][%[[OFF]], 0] [1, 3] [1, 1] : tensor<5x3xf32> to tensor<1x3xf32>
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[CUR]], %[[V]] : tensor<1x3xf32>, tensor<1x3xf32>)
// CHECK:           arith.addf
// CHECK:         tensor.insert_slice %[[SUM]] into %[[X]][%[[OFF]], 0] [1, 3] [1, 1]
func.func @index_put_accumulate_one(%x: !torch.vtensor<[5,3],f32>, %pos: !torch.vtensor<[1],si64>, %v: !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %l = torch.prim.ListConstruct %pos : (!torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %t = torch.constant.bool true
  %0 = torch.aten.index_put %x, %l, %v, %t : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}

// -----

// index_put with accumulate=True at several positions: the scatter generic
// adds every matching source (duplicates sum, as in PyTorch).
// CHECK-DAG:   #[[IDX:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG:   #[[SRC:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @index_put_accumulate(
// CHECK:         linalg.generic {indexing_maps = [#[[IDX]], #[[SRC]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK:         ^bb0(%{{.*}}: i64, %[[V:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK:           %[[EQ:.*]] = arith.cmpi eq
// CHECK:           %[[ADD:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK:           arith.select %[[EQ]], %[[ADD]], %[[ACC]] : f32
func.func @index_put_accumulate(%x: !torch.vtensor<[5,3],f32>, %idx: !torch.vtensor<[4],si64>, %v: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %l = torch.prim.ListConstruct %idx : (!torch.vtensor<[4],si64>) -> !torch.list<optional<vtensor>>
  %t = torch.constant.bool true
  %0 = torch.aten.index_put %x, %l, %v, %t : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[4,3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}

// -----

// Two index tensors x[i, j] = v with i [3] and j [1] broadcast to [3]:
// j is broadcast and flattened, each destination element compares both
// of its coordinates, and a scalar-shaped value is broadcast to [3].
// CHECK-LABEL: func.func @index_put_two_indices(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<4x5xi32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<1xi64>) outs(%{{.*}} : tensor<3xi64>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<3xi64>, tensor<3xi64>, tensor<3xi32>) outs(%{{.*}} : tensor<4x5xi32>)
// CHECK:           %[[D0:.*]] = linalg.index 0 : index
// CHECK:           %[[E0:.*]] = arith.cmpi eq, %{{.*}}, %[[D0]] : index
// CHECK:           %[[D1:.*]] = linalg.index 1 : index
// CHECK:           %[[E1:.*]] = arith.cmpi eq, %{{.*}}, %[[D1]] : index
// CHECK:           %[[AND:.*]] = arith.andi %[[E0]], %[[E1]] : i1
// CHECK:           arith.select %[[AND]], %{{.*}}, %{{.*}} : i32
func.func @index_put_two_indices(%x: !torch.vtensor<[4,5],si32>, %i: !torch.vtensor<[3],si64>, %j: !torch.vtensor<[1],si64>, %v: !torch.vtensor<[],si32>) -> !torch.vtensor<[4,5],si32> {
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[3],si64>, !torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  %0 = torch.aten.index_put %x, %l, %v, %f : !torch.vtensor<[4,5],si32>, !torch.list<optional<vtensor>>, !torch.vtensor<[],si32>, !torch.bool -> !torch.vtensor<[4,5],si32>
  return %0 : !torch.vtensor<[4,5],si32>
}

// -----

// Two single-element indices x[i, :, j] = v: one insert_slice with two
// dynamic offsets. The indices are not adjacent, so the indexed result is
// [1, 3] (index dims first); v [3] broadcasts to it and is reshaped to the
// slice [1, 3, 1].
// CHECK-LABEL: func.func @index_put_two_scalars(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<4x3x5xf32>
// CHECK:         %[[S:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<1x3xf32> into tensor<1x3x1xf32>
// CHECK:         %[[O0:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         %[[O1:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         tensor.insert_slice %[[S]] into %[[X]][%[[O0]], 0, %[[O1]]] [1, 3, 1] [1, 1, 1] : tensor<1x3x1xf32> into tensor<4x3x5xf32>
func.func @index_put_two_scalars(%x: !torch.vtensor<[4,3,5],f32>, %i: !torch.vtensor<[],si64>, %j: !torch.vtensor<[1],si64>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[4,3,5],f32> {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %i, %none, %j : (!torch.vtensor<[],si64>, !torch.none, !torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  %0 = torch.aten._unsafe_index_put %x, %l, %v, %f : !torch.vtensor<[4,3,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[4,3,5],f32>
  return %0 : !torch.vtensor<[4,3,5],f32>
}

// -----

// embedding_dense_backward: the scatter generic with accumulate into zeros of
// [num_weights, D], skipping the rows of padding_idx = 0.
// CHECK-LABEL: func.func @embedding_backward(
// CHECK-SAME:      %[[G:[^:]*]]: tensor<2x3x4xf32>, %[[I:[^:]*]]: tensor<2x3xi64>
// CHECK-DAG:     %[[FI:.*]] = tensor.collapse_shape %[[I]] {{\[}}[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
// CHECK-DAG:     %[[FG:.*]] = tensor.collapse_shape %[[G]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[FI]], %[[FG]] : tensor<6xi64>, tensor<6x4xf32>) outs(%{{.*}} : tensor<10x4xf32>)
// CHECK:           %[[EQ:.*]] = arith.cmpi eq
// CHECK:           %[[NP:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : i64
// CHECK:           %[[C:.*]] = arith.andi %[[EQ]], %[[NP]] : i1
// CHECK:           %[[ADD:.*]] = arith.addf
// CHECK:           arith.select %[[C]], %[[ADD]]
func.func @embedding_backward(%g: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[10,4],f32> {
  %n = torch.constant.int 10
  %p = torch.constant.int 0
  %f = torch.constant.bool false
  %0 = torch.aten.embedding_dense_backward %g, %i, %n, %p, %f : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.int, !torch.bool -> !torch.vtensor<[10,4],f32>
  return %0 : !torch.vtensor<[10,4],f32>
}
