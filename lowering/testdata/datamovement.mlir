// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// view with an inferred -1 that merges the two leading dims: one collapse.
// CHECK-LABEL: func.func @view_collapse(
// CHECK-SAME:      %[[X:.*]]: tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK:         return %[[C]]
func.func @view_collapse(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[6,4],f32> {
  %a = torch.constant.int -1
  %b = torch.constant.int 4
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[6,4],f32>
  return %0 : !torch.vtensor<[6,4],f32>
}

// -----

// reshape that only splits a dim: one expand (the head split of attention).
// CHECK-LABEL: func.func @reshape_expand(
// CHECK-SAME:      %[[X:.*]]: tensor<2x8x64xf32>
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1], [2, 3]] : tensor<2x8x64xf32> into tensor<2x8x4x16xf32>
// CHECK:         return %[[E]]
func.func @reshape_expand(%x: !torch.vtensor<[2,8,64],f32>) -> !torch.vtensor<[2,8,4,16],f32> {
  %a = torch.constant.int 2
  %b = torch.constant.int 8
  %c = torch.constant.int 4
  %d = torch.constant.int 16
  %l = torch.prim.ListConstruct %a, %b, %c, %d : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.reshape %x, %l : !torch.vtensor<[2,8,64],f32>, !torch.list<int> -> !torch.vtensor<[2,8,4,16],f32>
  return %0 : !torch.vtensor<[2,8,4,16],f32>
}

// -----

// A reshape that is neither a collapse nor an expand ([2,3,4] -> [4,6]
// shares no group boundary): collapse to the common segment, then expand.
// CHECK-LABEL: func.func @unsafe_view_general(
// CHECK-SAME:      %[[X:.*]]: tensor<2x3x4xf32>
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[C]] {{\[}}[0, 1]] : tensor<24xf32> into tensor<4x6xf32>
// CHECK:         return %[[E]]
func.func @unsafe_view_general(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[4,6],f32> {
  %a = torch.constant.int 4
  %b = torch.constant.int 6
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten._unsafe_view %x, %l : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// Segments are kept apart where they can be: [2,3,4,5] -> [6,2,10] merges
// [2,3] and splits/merges [4,5] -> [2,10] in its own segment.
// CHECK-LABEL: func.func @view_segments(
// CHECK:         %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<2x3x4x5xi64> into tensor<6x20xi64>
// CHECK:         tensor.expand_shape %[[C]] {{\[}}[0], [1, 2]] : tensor<6x20xi64> into tensor<6x2x10xi64>
func.func @view_segments(%x: !torch.vtensor<[2,3,4,5],si64>) -> !torch.vtensor<[6,2,10],si64> {
  %a = torch.constant.int 6
  %b = torch.constant.int 2
  %c = torch.constant.int 10
  %l = torch.prim.ListConstruct %a, %b, %c : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[2,3,4,5],si64>, !torch.list<int> -> !torch.vtensor<[6,2,10],si64>
  return %0 : !torch.vtensor<[6,2,10],si64>
}

// -----

// A 0-d tensor viewed as [1, 1]: expand_shape with an empty reassociation.
// CHECK-LABEL: func.func @view_scalar(
// CHECK:         tensor.expand_shape %{{.*}} [] : tensor<f32> into tensor<1x1xf32>
func.func @view_scalar(%x: !torch.vtensor<[],f32>) -> !torch.vtensor<[1,1],f32> {
  %a = torch.constant.int 1
  %l = torch.prim.ListConstruct %a, %a : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[],f32>, !torch.list<int> -> !torch.vtensor<[1,1],f32>
  return %0 : !torch.vtensor<[1,1],f32>
}

// -----

// A view to the same shape is the input itself.
// CHECK-LABEL: func.func @view_identity(
// CHECK-SAME:      %[[X:.*]]: tensor<2x3xf32>
// CHECK-NEXT:    return %[[X]]
func.func @view_identity(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %a = torch.constant.int 2
  %b = torch.constant.int -1
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// permute with a negative dim: linalg.transpose, result dim i = input dim perm[i].
// CHECK-LABEL: func.func @permute(
// CHECK-SAME:      %[[X:.*]]: tensor<2x3x4xf32>
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<4x2x3xf32>) permutation = [2, 0, 1]
// CHECK:         return %[[T]]
func.func @permute(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[4,2,3],f32> {
  %a = torch.constant.int 2
  %b = torch.constant.int 0
  %c = torch.constant.int -2
  %l = torch.prim.ListConstruct %a, %b, %c : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.permute %x, %l : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,2,3],f32>
  return %0 : !torch.vtensor<[4,2,3],f32>
}

// -----

// transpose.int(-1, 1) of a rank-4 tensor swaps dims 1 and 3.
// CHECK-LABEL: func.func @transpose_int(
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<2x3x4x5xbf16>) outs(%{{.*}} : tensor<2x5x4x3xbf16>) permutation = [0, 3, 2, 1]
func.func @transpose_int(%x: !torch.vtensor<[2,3,4,5],bf16>) -> !torch.vtensor<[2,5,4,3],bf16> {
  %a = torch.constant.int -1
  %b = torch.constant.int 1
  %0 = torch.aten.transpose.int %x, %a, %b : !torch.vtensor<[2,3,4,5],bf16>, !torch.int, !torch.int -> !torch.vtensor<[2,5,4,3],bf16>
  return %0 : !torch.vtensor<[2,5,4,3],bf16>
}

// -----

// t() of a matrix is its transpose; of a vector, the vector itself.
// CHECK-LABEL: func.func @t_matrix(
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<3x4xf32>) outs(%{{.*}} : tensor<4x3xf32>) permutation = [1, 0]
// CHECK-LABEL: func.func @t_vector(
// CHECK-SAME:      %[[V:.*]]: tensor<5xi1>
// CHECK-NEXT:    return %[[V]]
func.func @t_matrix(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[4,3],f32> {
  %0 = torch.aten.t %x : !torch.vtensor<[3,4],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}
func.func @t_vector(%x: !torch.vtensor<[5],i1>) -> !torch.vtensor<[5],i1> {
  %0 = torch.aten.t %x : !torch.vtensor<[5],i1> -> !torch.vtensor<[5],i1>
  return %0 : !torch.vtensor<[5],i1>
}

// -----

// expand [3,1] to [2,-1,4]: a new leading dim (absent from the input map),
// -1 keeps 3, and the size-1 dim is read at the constant index 0.
// CHECK-DAG:   #[[IN:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @expand(
// CHECK-SAME:      %[[X:.*]]: tensor<3x1xf32>
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK:         %[[B:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<3x1xf32>) outs(%[[INIT]] : tensor<2x3x4xf32>)
// CHECK-NEXT:    ^bb0(%[[IN_:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN_]] : f32
// CHECK:         return %[[B]]
func.func @expand(%x: !torch.vtensor<[3,1],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %a = torch.constant.int 2
  %b = torch.constant.int -1
  %c = torch.constant.int 4
  %l = torch.prim.ListConstruct %a, %b, %c : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %f = torch.constant.bool false
  %0 = torch.aten.expand %x, %l, %f : !torch.vtensor<[3,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// expand of a 0-d tensor: the input map has no results.
// CHECK-DAG:   #[[IN:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @expand_scalar(
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<i64>) outs(%{{.*}} : tensor<2x3xi64>)
func.func @expand_scalar(%x: !torch.vtensor<[],si64>) -> !torch.vtensor<[2,3],si64> {
  %a = torch.constant.int 2
  %c = torch.constant.int 3
  %l = torch.prim.ListConstruct %a, %c : (!torch.int, !torch.int) -> !torch.list<int>
  %f = torch.constant.bool false
  %0 = torch.aten.expand %x, %l, %f : !torch.vtensor<[],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3],si64>
  return %0 : !torch.vtensor<[2,3],si64>
}

// -----

// unsqueeze at -1 appends a unit dim: expand_shape.
// CHECK-LABEL: func.func @unsqueeze_last(
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<2x3xf32> into tensor<2x3x1xf32>
func.func @unsqueeze_last(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3,1],f32> {
  %d = torch.constant.int -1
  %0 = torch.aten.unsqueeze %x, %d : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3,1],f32>
  return %0 : !torch.vtensor<[2,3,1],f32>
}

// -----

// unsqueeze at 0.
// CHECK-LABEL: func.func @unsqueeze_first(
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x3xf32> into tensor<1x2x3xf32>
func.func @unsqueeze_first(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[1,2,3],f32> {
  %d = torch.constant.int 0
  %0 = torch.aten.unsqueeze %x, %d : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[1,2,3],f32>
  return %0 : !torch.vtensor<[1,2,3],f32>
}

// -----

// squeeze.dim of a unit dim collapses it into its neighbour.
// CHECK-LABEL: func.func @squeeze_dim(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<2x1x3xf32> into tensor<2x3xf32>
func.func @squeeze_dim(%x: !torch.vtensor<[2,1,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %d = torch.constant.int 1
  %0 = torch.aten.squeeze.dim %x, %d : !torch.vtensor<[2,1,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// squeeze.dim of a dim whose size is not 1 returns the input (PyTorch: no-op).
// CHECK-LABEL: func.func @squeeze_dim_noop(
// CHECK-SAME:      %[[X:.*]]: tensor<2x3xf32>
// CHECK-NEXT:    return %[[X]]
func.func @squeeze_dim_noop(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %d = torch.constant.int 0
  %0 = torch.aten.squeeze.dim %x, %d : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// squeeze.dims drops the listed unit dims only (dim 1 has size 3 and stays).
// CHECK-LABEL: func.func @squeeze_dims(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<1x3x1x1xf32> into tensor<3x1xf32>
func.func @squeeze_dims(%x: !torch.vtensor<[1,3,1,1],f32>) -> !torch.vtensor<[3,1],f32> {
  %a = torch.constant.int 0
  %b = torch.constant.int 1
  %c = torch.constant.int -1
  %l = torch.prim.ListConstruct %a, %b, %c : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.squeeze.dims %x, %l : !torch.vtensor<[1,3,1,1],f32>, !torch.list<int> -> !torch.vtensor<[3,1],f32>
  return %0 : !torch.vtensor<[3,1],f32>
}

// -----

// squeeze() drops every unit dim; all of them gives a 0-d tensor.
// CHECK-LABEL: func.func @squeeze_all(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<1x4x1x5xf32> into tensor<4x5xf32>
// CHECK-LABEL: func.func @squeeze_to_scalar(
// CHECK:         tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
func.func @squeeze_all(%x: !torch.vtensor<[1,4,1,5],f32>) -> !torch.vtensor<[4,5],f32> {
  %0 = torch.aten.squeeze %x : !torch.vtensor<[1,4,1,5],f32> -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}
func.func @squeeze_to_scalar(%x: !torch.vtensor<[1,1],f32>) -> !torch.vtensor<[],f32> {
  %0 = torch.aten.squeeze %x : !torch.vtensor<[1,1],f32> -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// slice.Tensor x[:, -3:INT64_MAX:2] on a dim of 8: start -3 -> 5, end clamped
// to 8, ceil((8-5)/2) = 2 elements at stride 2.
// CHECK-LABEL: func.func @slice_negative_start_step(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xf32>
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[X]][0, 5] [4, 2] [1, 2] : tensor<4x8xf32> to tensor<4x2xf32>
// CHECK:         return %[[S]]
func.func @slice_negative_start_step(%x: !torch.vtensor<[4,8],f32>) -> !torch.vtensor<[4,2],f32> {
  %dim = torch.constant.int 1
  %start = torch.constant.int -3
  %end = torch.constant.int 9223372036854775807
  %step = torch.constant.int 2
  %0 = torch.aten.slice.Tensor %x, %dim, %start, %end, %step : !torch.vtensor<[4,8],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

// slice with None bounds and a negative end: x[:-1] along dim 0.
// CHECK-LABEL: func.func @slice_none_start(
// CHECK:         tensor.extract_slice %{{.*}}[0, 0] [3, 8] [1, 1] : tensor<4x8xf32> to tensor<3x8xf32>
func.func @slice_none_start(%x: !torch.vtensor<[4,8],f32>) -> !torch.vtensor<[3,8],f32> {
  %dim = torch.constant.int 0
  %none = torch.constant.none
  %end = torch.constant.int -1
  %step = torch.constant.int 1
  %0 = torch.aten.slice.Tensor %x, %dim, %none, %end, %step : !torch.vtensor<[4,8],f32>, !torch.int, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[3,8],f32>
  return %0 : !torch.vtensor<[3,8],f32>
}

// -----

// An end before the start gives an empty slice, as in PyTorch.
// CHECK-LABEL: func.func @slice_empty(
// CHECK:         tensor.extract_slice %{{.*}}[3, 0] [0, 8] [1, 1] : tensor<4x8xf32> to tensor<0x8xf32>
func.func @slice_empty(%x: !torch.vtensor<[4,8],f32>) -> !torch.vtensor<[0,8],f32> {
  %dim = torch.constant.int 0
  %start = torch.constant.int 3
  %end = torch.constant.int 1
  %step = torch.constant.int 1
  %0 = torch.aten.slice.Tensor %x, %dim, %start, %end, %step : !torch.vtensor<[4,8],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[0,8],f32>
  return %0 : !torch.vtensor<[0,8],f32>
}

// -----

// A slice of everything is the input.
// CHECK-LABEL: func.func @slice_full(
// CHECK-SAME:      %[[X:.*]]: tensor<4x8xf32>
// CHECK-NEXT:    return %[[X]]
func.func @slice_full(%x: !torch.vtensor<[4,8],f32>) -> !torch.vtensor<[4,8],f32> {
  %dim = torch.constant.int 0
  %start = torch.constant.int 0
  %end = torch.constant.int 9223372036854775807
  %step = torch.constant.int 1
  %0 = torch.aten.slice.Tensor %x, %dim, %start, %end, %step : !torch.vtensor<[4,8],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,8],f32>
  return %0 : !torch.vtensor<[4,8],f32>
}

// -----

// narrow(dim=1, start=-3, length=2) on a dim of 5 reads [2, 4).
// CHECK-LABEL: func.func @narrow(
// CHECK:         tensor.extract_slice %{{.*}}[0, 2] [3, 2] [1, 1] : tensor<3x5xf32> to tensor<3x2xf32>
func.func @narrow(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,2],f32> {
  %dim = torch.constant.int 1
  %start = torch.constant.int -3
  %len = torch.constant.int 2
  %0 = torch.aten.narrow %x, %dim, %start, %len : !torch.vtensor<[3,5],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

// select.int with a negative index: a rank-reducing extract_slice at 4 - 1 = 3.
// CHECK-LABEL: func.func @select_negative(
// CHECK-SAME:      %[[X:.*]]: tensor<2x4x3xf32>
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[X]][0, 3, 0] [2, 1, 3] [1, 1, 1] : tensor<2x4x3xf32> to tensor<2x3xf32>
// CHECK:         return %[[S]]
func.func @select_negative(%x: !torch.vtensor<[2,4,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %dim = torch.constant.int 1
  %idx = torch.constant.int -1
  %0 = torch.aten.select.int %x, %dim, %idx : !torch.vtensor<[2,4,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// cat along dim -1: an empty tensor of the result and one insert_slice per
// input at its running offset (0, 2, 5).
// CHECK-LABEL: func.func @cat(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4x2xf32>, %[[B:[^:]*]]: tensor<4x3xf32>, %[[C:[^:]*]]: tensor<4x1xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x6xf32>
// CHECK:         %[[I0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x6xf32>
// CHECK:         %[[I1:.*]] = tensor.insert_slice %[[B]] into %[[I0]][0, 2] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<4x6xf32>
// CHECK:         %[[I2:.*]] = tensor.insert_slice %[[C]] into %[[I1]][0, 5] [4, 1] [1, 1] : tensor<4x1xf32> into tensor<4x6xf32>
// CHECK:         return %[[I2]]
func.func @cat(%a: !torch.vtensor<[4,2],f32>, %b: !torch.vtensor<[4,3],f32>, %c: !torch.vtensor<[4,1],f32>) -> !torch.vtensor<[4,6],f32> {
  %l = torch.prim.ListConstruct %a, %b, %c : (!torch.vtensor<[4,2],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,1],f32>) -> !torch.list<vtensor>
  %dim = torch.constant.int -1
  %0 = torch.aten.cat %l, %dim : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// cat promotes dtypes as PyTorch does: si64 with f16 gives f16, so the
// integer input is converted first (arith.sitofp to f32, then truncf, as
// c10::Half(float(x))). The legacy empty tensor of shape [0] is skipped.
// CHECK-LABEL: func.func @cat_promote(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<1x3xi64>, %[[B:[^:]*]]: tensor<2x3xf16>, %{{.*}}: tensor<0xf16>
// CHECK:         %[[CV:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<1x3xi64>) outs(%{{.*}} : tensor<1x3xf16>)
// CHECK:           %[[S:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK-NEXT:      arith.truncf %[[S]] : f32 to f16
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<3x3xf16>
// CHECK:         %[[I0:.*]] = tensor.insert_slice %[[CV]] into %[[E]][0, 0] [1, 3] [1, 1]
// CHECK:         tensor.insert_slice %[[B]] into %[[I0]][1, 0] [2, 3] [1, 1]
func.func @cat_promote(%a: !torch.vtensor<[1,3],si64>, %b: !torch.vtensor<[2,3],f16>, %c: !torch.vtensor<[0],f16>) -> !torch.vtensor<[3,3],f16> {
  %l = torch.prim.ListConstruct %a, %b, %c : (!torch.vtensor<[1,3],si64>, !torch.vtensor<[2,3],f16>, !torch.vtensor<[0],f16>) -> !torch.list<vtensor>
  %dim = torch.constant.int 0
  %0 = torch.aten.cat %l, %dim : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[3,3],f16>
  return %0 : !torch.vtensor<[3,3],f16>
}

// -----

// stack inserts each input as a rank-reduced slice of size 1 along the new dim.
// CHECK-LABEL: func.func @stack(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<2x3xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x2x3xf32>
// CHECK:         %[[I0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0, 0] [2, 1, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<2x2x3xf32>
// CHECK:         tensor.insert_slice %[[B]] into %[[I0]][0, 1, 0] [2, 1, 3] [1, 1, 1] : tensor<2x3xf32> into tensor<2x2x3xf32>
func.func @stack(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,2,3],f32> {
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.list<vtensor>
  %dim = torch.constant.int 1
  %0 = torch.aten.stack %l, %dim : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,2,3],f32>
  return %0 : !torch.vtensor<[2,2,3],f32>
}

// -----

// constant_pad_nd with pad (1, -1) on the last dim and (-1, 2) on dim 0:
// the negative parts are cropped with extract_slice, the rest is one
// tensor.pad yielding the value 7.5.
// CHECK-LABEL: func.func @constant_pad_negative(
// CHECK-SAME:      %[[X:.*]]: tensor<2x3xf32>
// CHECK:         %[[C:.*]] = tensor.extract_slice %[[X]][1, 0] [1, 2] [1, 1] : tensor<2x3xf32> to tensor<1x2xf32>
// CHECK:         %[[V:.*]] = arith.constant 7.500000e+00 : f32
// CHECK:         %[[P:.*]] = tensor.pad %[[C]] low[0, 1] high[2, 0] {
// CHECK:           tensor.yield %[[V]] : f32
// CHECK:         } : tensor<1x2xf32> to tensor<3x3xf32>
// CHECK:         return %[[P]]
func.func @constant_pad_negative(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,3],f32> {
  %a = torch.constant.int 1
  %b = torch.constant.int -1
  %c = torch.constant.int -1
  %d = torch.constant.int 2
  %l = torch.prim.ListConstruct %a, %b, %c, %d : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %v = torch.constant.float 7.500000e+00
  %0 = torch.aten.constant_pad_nd %x, %l, %v : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[3,3],f32>
  return %0 : !torch.vtensor<[3,3],f32>
}

// -----

// An integer tensor padded with an int value.
// CHECK-LABEL: func.func @constant_pad_int(
// CHECK:         %[[V:.*]] = arith.constant -1 : i64
// CHECK:         tensor.pad %{{.*}} low[2] high[0] {
// CHECK:           tensor.yield %[[V]] : i64
// CHECK:         } : tensor<3xi64> to tensor<5xi64>
func.func @constant_pad_int(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[5],si64> {
  %a = torch.constant.int 2
  %b = torch.constant.int 0
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %v = torch.constant.int -1
  %0 = torch.aten.constant_pad_nd %x, %l, %v : !torch.vtensor<[3],si64>, !torch.list<int>, !torch.int -> !torch.vtensor<[5],si64>
  return %0 : !torch.vtensor<[5],si64>
}

// -----

// flip reverses dims 0 and -1 with the input map (1 - d0, d1, 3 - d2); dim 1
// is not listed.
// CHECK-DAG:   #[[IN:map[0-9]*]] = affine_map<(d0, d1, d2) -> (-d0 + 1, d1, -d2 + 3)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @flip(
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
func.func @flip(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %a = torch.constant.int 0
  %b = torch.constant.int -1
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.flip %x, %l : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// repeat [2, 1, 2] of a [2, 3] tensor: view it as [1, 1, 1, 2, 1, 3],
// broadcast over the repeat dims to [2, 1, 1, 2, 2, 3], and merge each
// (repeat, size) pair.
// CHECK-DAG:   #[[IN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (0, d1, d2, d3, 0, d5)>
// CHECK-LABEL: func.func @repeat(
// CHECK:         %[[U:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2, 3], [4, 5]] : tensor<2x3xf32> into tensor<1x1x1x2x1x3xf32>
// CHECK:         %[[B:.*]] = linalg.generic {indexing_maps = [#[[IN]], {{.*}}]{{.*}} ins(%[[U]] : tensor<1x1x1x2x1x3xf32>) outs(%{{.*}} : tensor<2x1x1x2x2x3xf32>)
// CHECK:         tensor.collapse_shape %[[B]] {{\[}}[0, 1], [2, 3], [4, 5]] : tensor<2x1x1x2x2x3xf32> into tensor<2x2x6xf32>
func.func @repeat(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,2,6],f32> {
  %a = torch.constant.int 2
  %b = torch.constant.int 1
  %l = torch.prim.ListConstruct %a, %b, %a : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.repeat %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[2,2,6],f32>
  return %0 : !torch.vtensor<[2,2,6],f32>
}

// -----

// _reshape_alias with the contiguous strides of its size is a reshape.
// CHECK-LABEL: func.func @reshape_alias(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
func.func @reshape_alias(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[6,4],f32> {
  %a = torch.constant.int 6
  %b = torch.constant.int 4
  %c = torch.constant.int 1
  %s = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %st = torch.prim.ListConstruct %b, %c : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten._reshape_alias %x, %s, %st : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[6,4],f32>
  return %0 : !torch.vtensor<[6,4],f32>
}
