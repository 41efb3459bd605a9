// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// The element count must be preserved.
func.func @view_bad_numel(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,2],f32> {
  %a = torch.constant.int 4
  %b = torch.constant.int 2
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.view' op shape [4, 2] is invalid for input of size 6}}
  %0 = torch.aten.view %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

// At most one size may be inferred.
func.func @reshape_two_inferred(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %a = torch.constant.int -1
  %l = torch.prim.ListConstruct %a, %a : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.reshape' op only one dimension can be inferred, got size [-1, -1]}}
  %0 = torch.aten.reshape %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// Sizes must be compile-time constants: a size read from a function argument
// is rejected at the op, naming the argument (and the signature cannot be
// converted either).
// expected-error@+1 {{'func.func' op argument #1 has type '!torch.int', which has no builtin tensor form}}
func.func @view_nonconstant_size(%x: !torch.vtensor<[2,3],f32>, %n: !torch.int) -> !torch.vtensor<[6],f32> {
  %l = torch.prim.ListConstruct %n : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.view' op expected 'size' to be a constant int list (torch.prim.ListConstruct of torch.constant.int), as the lowering needs it at compile time}}
  %0 = torch.aten.view %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[6],f32>
  return %0 : !torch.vtensor<[6],f32>
}

// -----

// Only static shapes are supported.
func.func @view_dynamic(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?],f32> {
  %a = torch.constant.int -1
  %l = torch.prim.ListConstruct %a : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.view' op 'self' has a dynamic size in dim 0 ('!torch.vtensor<[?,3],f32>'); only static shapes are supported}}
  %0 = torch.aten.view %x, %l : !torch.vtensor<[?,3],f32>, !torch.list<int> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// The declared result type must agree with the computed shape.
func.func @transpose_bad_result(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %a = torch.constant.int 0
  %b = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.transpose.int' op result #0 has type '!torch.vtensor<[2,3],f32>', but the computed shape is !torch.vtensor<[3,2],f32>}}
  %0 = torch.aten.transpose.int %x, %a, %b : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// A dim out of range, as PyTorch reports it.
func.func @transpose_dim_range(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32> {
  %a = torch.constant.int 2
  %b = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.transpose.int' op 'dim0' is 2, out of range for a tensor of rank 2 (expected to be in range of [-2, 1])}}
  %0 = torch.aten.transpose.int %x, %a, %b : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

func.func @permute_repeat(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %a = torch.constant.int 0
  %b = torch.constant.int -2
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.permute' op 'dims' [0 -2] repeats dim 0}}
  %0 = torch.aten.permute %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

func.func @t_rank3(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[4,3,2],f32> {
  // expected-error@+1 {{'torch.aten.t' op t() expects a tensor with <= 2 dimensions, but 'self' has rank 3}}
  %0 = torch.aten.t %x : !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[4,3,2],f32>
  return %0 : !torch.vtensor<[4,3,2],f32>
}

// -----

// Only size-1 dims can be expanded.
func.func @expand_non_singleton(%x: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[3,4],f32> {
  %a = torch.constant.int 3
  %b = torch.constant.int 4
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %f = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.expand' op the expanded size of the tensor (4) must match the existing size (2) at non-singleton dimension 1}}
  %0 = torch.aten.expand %x, %l, %f : !torch.vtensor<[3,2],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// -1 cannot name a new leading dim.
func.func @expand_new_minus_one(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32> {
  %a = torch.constant.int -1
  %b = torch.constant.int 3
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %f = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.expand' op the expanded size -1 is not allowed in a leading, non-existing dimension 0}}
  %0 = torch.aten.expand %x, %l, %f : !torch.vtensor<[3],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

func.func @squeeze_dims_repeat(%x: !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[3],f32> {
  %a = torch.constant.int 0
  %b = torch.constant.int -2
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.squeeze.dims' op dim 0 appears multiple times in the list of dims}}
  %0 = torch.aten.squeeze.dims %x, %l : !torch.vtensor<[1,3],f32>, !torch.list<int> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @slice_zero_step(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %dim = torch.constant.int 0
  %none = torch.constant.none
  %step = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.slice.Tensor' op slice step must be positive, got 0}}
  %0 = torch.aten.slice.Tensor %x, %dim, %none, %none, %step : !torch.vtensor<[4],f32>, !torch.int, !torch.none, !torch.none, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

func.func @slice_scalar(%x: !torch.vtensor<[],f32>) -> !torch.vtensor<[],f32> {
  %dim = torch.constant.int 0
  %none = torch.constant.none
  %step = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.slice.Tensor' op slice cannot be applied to a 0-dim tensor}}
  %0 = torch.aten.slice.Tensor %x, %dim, %none, %none, %step : !torch.vtensor<[],f32>, !torch.int, !torch.none, !torch.none, !torch.int -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

func.func @select_out_of_range(%x: !torch.vtensor<[4,2],f32>) -> !torch.vtensor<[2],f32> {
  %dim = torch.constant.int 0
  %idx = torch.constant.int -5
  // expected-error@+1 {{'torch.aten.select.int' op select(): index -5 out of range for tensor of size 4 at dimension 0}}
  %0 = torch.aten.select.int %x, %dim, %idx : !torch.vtensor<[4,2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

func.func @narrow_too_long(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[3],f32> {
  %dim = torch.constant.int 0
  %start = torch.constant.int 2
  %len = torch.constant.int 3
  // expected-error@+1 {{'torch.aten.narrow' op start (2) + length (3) exceeds dimension size (4)}}
  %0 = torch.aten.narrow %x, %dim, %start, %len : !torch.vtensor<[4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @cat_mismatch(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[4,3],f32> {
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,4],f32>) -> !torch.list<vtensor>
  %dim = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.cat' op sizes of tensors must match except in dimension 0: element 0 of 'tensors' has shape [2, 3], element 1 has [2, 4]}}
  %0 = torch.aten.cat %l, %dim : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// The result dtype must be the promotion of the inputs' dtypes.
func.func @cat_bad_dtype(%a: !torch.vtensor<[2],si64>, %b: !torch.vtensor<[2],f32>) -> !torch.vtensor<[4],si64> {
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],f32>) -> !torch.list<vtensor>
  %dim = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.cat' op result #0 has type '!torch.vtensor<[4],si64>', expected !torch.vtensor<[4],f32>}}
  %0 = torch.aten.cat %l, %dim : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

func.func @slice_scatter_bad_src(%x: !torch.vtensor<[6],f32>, %src: !torch.vtensor<[2],f32>) -> !torch.vtensor<[6],f32> {
  %dim = torch.constant.int 0
  %start = torch.constant.int 0
  %end = torch.constant.int 6
  %step = torch.constant.int 2
  // expected-error@+1 {{'torch.aten.slice_scatter' op expected 'src' to have a size equal to the slice of 'self': src size = [2], slice size = [3]}}
  %0 = torch.aten.slice_scatter %x, %src, %dim, %start, %end, %step : !torch.vtensor<[6],f32>, !torch.vtensor<[2],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[6],f32>
  return %0 : !torch.vtensor<[6],f32>
}

// -----

// Boolean masks select a data-dependent number of elements.
func.func @index_put_mask(%x: !torch.vtensor<[4],f32>, %m: !torch.vtensor<[4],i1>, %v: !torch.vtensor<[],f32>) -> !torch.vtensor<[4],f32> {
  %l = torch.prim.ListConstruct %m : (!torch.vtensor<[4],i1>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.index_put' op element 0 of 'indices' is a i1 mask; boolean and uint8 mask indices are not supported}}
  %0 = torch.aten.index_put %x, %l, %v, %f : !torch.vtensor<[4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[],f32>, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

func.func @index_put_dtype(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[1],si64>, %v: !torch.vtensor<[1],f64>) -> !torch.vtensor<[4],f32> {
  %l = torch.prim.ListConstruct %i : (!torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.index_put' op index put requires the source and destination dtypes match, got f32 for the destination and f64 for the source}}
  %0 = torch.aten.index_put %x, %l, %v, %f : !torch.vtensor<[4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1],f64>, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

func.func @index_put_shape(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2],si64>, %v: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %l = torch.prim.ListConstruct %i : (!torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.index_put' op shape mismatch: value tensor of shape [3, 3] cannot be broadcast to indexing result of shape [2, 3]}}
  %0 = torch.aten.index_put %x, %l, %v, %f : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,3],f32>, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @index_put_indices_broadcast(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2],si64>, %j: !torch.vtensor<[3],si64>, %v: !torch.vtensor<[],f32>) -> !torch.vtensor<[4,3],f32> {
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[2],si64>, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.index_put' op shape mismatch: indexing tensors could not be broadcast together with shapes [2] [3]}}
  %0 = torch.aten.index_put %x, %l, %v, %f : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[],f32>, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// An in-place write whose 'self' is read again afterwards cannot be given
// value semantics by the lowering.
func.func @index_put_inplace_reused(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[1],si64>, %v: !torch.vtensor<[1],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %l = torch.prim.ListConstruct %i : (!torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.index_put_' op in-place 'torch.aten.index_put_' on a value tensor is lowered only when 'self' has no other use}}
  %0 = torch.aten.index_put_ %x, %l, %v, %f : !torch.vtensor<[4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1],f32>, !torch.bool -> !torch.vtensor<[4],f32>
  return %0, %x : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

func.func @index_copy_index_rank(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[1,1],si64>, %s: !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %d = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.index_copy' op index_copy(): 'index' should have dimension 1 or 0 (got 2)}}
  %0 = torch.aten.index_copy %x, %d, %i, %s : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[1,1],si64>, !torch.vtensor<[1,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @index_copy_source_shape(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2],si64>, %s: !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %d = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.index_copy' op index_copy(): 'source' must have shape [2, 3] ('self' with the 2 indexed positions along dim 0), got [1, 3]}}
  %0 = torch.aten.index_copy %x, %d, %i, %s : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[1,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

func.func @embedding_backward_scale(%g: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[3],si64>) -> !torch.vtensor<[10,4],f32> {
  %n = torch.constant.int 10
  %p = torch.constant.int -1
  %t = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.embedding_dense_backward' op scale_grad_by_freq = true is not supported}}
  %0 = torch.aten.embedding_dense_backward %g, %i, %n, %p, %t : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3],si64>, !torch.int, !torch.int, !torch.bool -> !torch.vtensor<[10,4],f32>
  return %0 : !torch.vtensor<[10,4],f32>
}

// -----

func.func @gather_index_dtype(%x: !torch.vtensor<[3,5],f32>, %i: !torch.vtensor<[3,2],si32>) -> !torch.vtensor<[3,2],f32> {
  %d = torch.constant.int 1
  %f = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.gather' op gather(): expected dtype int64 for 'index', got si32}}
  %0 = torch.aten.gather %x, %d, %i, %f : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,2],si32>, !torch.bool -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

// Every failure is reported, each at its own op.
func.func @two_errors(%x: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3],f32>) {
  %a = torch.constant.int 3
  // expected-error@+1 {{'torch.aten.t' op t() expects a tensor with <= 2 dimensions, but 'self' has rank 3}}
  %0 = torch.aten.t %y : !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[2,3,4],f32>
  %dim = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.select.int' op select(): index 3 out of range for tensor of size 2 at dimension 0}}
  %1 = torch.aten.select.int %x, %dim, %a : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
  return %0, %1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3],f32>
}

// -----

func.func @pad_odd(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,4],f32> {
  %a = torch.constant.int 1
  %l = torch.prim.ListConstruct %a : (!torch.int) -> !torch.list<int>
  %v = torch.constant.float 0.000000e+00
  // expected-error@+1 {{'torch.aten.constant_pad_nd' op padding length must be even and at most twice the rank (2), got 1 entries}}
  %0 = torch.aten.constant_pad_nd %x, %l, %v : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

func.func @pad_negative_size(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,0],f32> {
  %a = torch.constant.int -2
  %l = torch.prim.ListConstruct %a, %a : (!torch.int, !torch.int) -> !torch.list<int>
  %v = torch.constant.float 0.000000e+00
  // expected-error@+1 {{'torch.aten.constant_pad_nd' op the input size 3 in dim 1, plus negative padding -2 and -2, resulted in a negative output size -1}}
  %0 = torch.aten.constant_pad_nd %x, %l, %v : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[2,0],f32>
  return %0 : !torch.vtensor<[2,0],f32>
}

// -----

// A transposing stride is an as_strided in disguise, not a reshape.
func.func @reshape_alias_strided(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32> {
  %a = torch.constant.int 3
  %b = torch.constant.int 2
  %c = torch.constant.int 1
  %s = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %st = torch.prim.ListConstruct %c, %a : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten._reshape_alias' op only contiguous strides are supported: stride [1 3] is not the row-major stride of size [3 2]}}
  %0 = torch.aten._reshape_alias %x, %s, %st : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

func.func @repeat_too_few(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,6],f32> {
  %a = torch.constant.int 2
  %l = torch.prim.ListConstruct %a : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.repeat' op number of dimensions of repeat dims (1) can not be smaller than number of dimensions of tensor (2)}}
  %0 = torch.aten.repeat %x, %l : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[2,6],f32>
  return %0 : !torch.vtensor<[2,6],f32>
}

// -----

// scatter's index may not be larger than self outside dim.
func.func @scatter_wide_index(%s: !torch.vtensor<[3,5],f32>, %i: !torch.vtensor<[4,1],si64>) -> !torch.vtensor<[3,5],f32> {
  %int1 = torch.constant.int 1
  %v = torch.constant.float 1.000000e+00
  // expected-error@+1 {{'torch.aten.scatter.value' op index [4, 1] is larger than self [3, 5] in dim 0}}
  %0 = torch.aten.scatter.value %s, %int1, %i, %v : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[4,1],si64>, !torch.float -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// scatter takes int64 indices.
func.func @scatter_index_dtype(%s: !torch.vtensor<[3,5],f32>, %i: !torch.vtensor<[3,1],si32>) -> !torch.vtensor<[3,5],f32> {
  %int1 = torch.constant.int 1
  %v = torch.constant.float 1.000000e+00
  // expected-error@+1 {{'torch.aten.scatter.value' op scatter(): expected dtype int64 for index, got si32}}
  %0 = torch.aten.scatter.value %s, %int1, %i, %v : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,1],si32>, !torch.float -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// index_add takes int64 indices.
func.func @index_add_index_dtype(%s: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[2],si32>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.index_add' op index_add(): expected dtype int64 for 'index', got si32}}
  %0 = torch.aten.index_add %s, %int0, %i, %u, %int1 : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[2],si32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}

// -----

// index_add's source must have the index's length along dim.
func.func @index_add_bad_source(%s: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[2],si64>, %u: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.index_add' op index_add(): 'source' must have shape [2, 3] ('self' with the 2 indexed positions along dim 0), got [3, 3]}}
  %0 = torch.aten.index_add %s, %int0, %i, %u, %int1 : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[3,3],f32>, !torch.int -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}

// -----

// index_add's dim must be a constant (the signature cannot be converted
// either).
// expected-error@+1 {{'func.func' op argument #3 has type '!torch.int', which has no builtin tensor form}}
func.func @index_add_dynamic_dim(%s: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[2],si64>, %u: !torch.vtensor<[2,3],f32>, %d: !torch.int) -> !torch.vtensor<[5,3],f32> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.index_add' op expected 'dim' to be a constant int (torch.constant.int)}}
  %0 = torch.aten.index_add %s, %d, %i, %u, %int1 : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}

// -----

// an integer index_add takes an integer alpha.
func.func @index_add_float_alpha(%s: !torch.vtensor<[5,3],si64>, %i: !torch.vtensor<[2],si64>, %u: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[5,3],si64> {
  %int0 = torch.constant.int 0
  %a = torch.constant.float 5.000000e-01
  // expected-error@+1 {{'torch.aten.index_add' op index_add(): for integral input tensors, argument 'alpha' must not be a floating point number}}
  %0 = torch.aten.index_add %s, %int0, %i, %u, %a : !torch.vtensor<[5,3],si64>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[2,3],si64>, !torch.float -> !torch.vtensor<[5,3],si64>
  return %0 : !torch.vtensor<[5,3],si64>
}

// -----

// scatter_reduce knows sum, prod, mean, amax and amin.
func.func @scatter_reduce_unknown(%s: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si64>, %u: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "max"
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.scatter_reduce.two' op reduce argument must be either sum, prod, mean, amax or amin, got "max"}}
  %0 = torch.aten.scatter_reduce.two %s, %int0, %i, %u, %str, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// scatter_reduce's reduce must be a constant str (the signature cannot be
// converted either).
// expected-error@+1 {{'func.func' op argument #3 has type '!torch.str', which has no builtin tensor form}}
func.func @scatter_reduce_dynamic_reduce(%s: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si64>, %u: !torch.vtensor<[2,4],f32>, %str: !torch.str) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.scatter_reduce.two' op expected 'reduce' to be a constant str (torch.constant.str)}}
  %0 = torch.aten.scatter_reduce.two %s, %int0, %i, %u, %str, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// scatter_reduce takes int64 indices.
func.func @scatter_reduce_index_dtype(%s: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si32>, %u: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "sum"
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.scatter_reduce.two' op scatter_reduce(): expected dtype int64 for index, got si32}}
  %0 = torch.aten.scatter_reduce.two %s, %int0, %i, %u, %str, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si32>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// scatter_reduce's src must cover the index.
func.func @scatter_reduce_small_src(%s: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si64>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "prod"
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.scatter_reduce.two' op src [2, 3] is smaller than index [2, 4] in dim 1}}
  %0 = torch.aten.scatter_reduce.two %s, %int0, %i, %u, %str, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// A reflection mirrors the input about its edge, so each padding must be
// less than the extent it mirrors.
func.func @reflect_pad_too_large(%x: !torch.vtensor<[1,2,3,4],f32>) -> !torch.vtensor<[1,2,3,8],f32> {
  %int0 = torch.constant.int 0
  %int4 = torch.constant.int 4
  %p = torch.prim.ListConstruct %int4, %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.reflection_pad2d' op padding size should be less than the corresponding input dimension, but got padding (4, 0) at dimension 3 of input [1, 2, 3, 4]}}
  %0 = torch.aten.reflection_pad2d %x, %p : !torch.vtensor<[1,2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[1,2,3,8],f32>
  return %0 : !torch.vtensor<[1,2,3,8],f32>
}

// -----

// replication_pad3d takes six padding entries.
func.func @replicate_pad_entries(%x: !torch.vtensor<[2,3,4,5],f32>) -> !torch.vtensor<[2,3,6,7],f32> {
  %int1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %int1, %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.replication_pad3d' op expected 'padding' to have 6 entries, got 4}}
  %0 = torch.aten.replication_pad3d %x, %p : !torch.vtensor<[2,3,4,5],f32>, !torch.list<int> -> !torch.vtensor<[2,3,6,7],f32>
  return %0 : !torch.vtensor<[2,3,6,7],f32>
}

// -----

// Cropping more than the input leaves no output.
func.func @replicate_pad_empty(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,0],f32> {
  %int-2 = torch.constant.int -2
  %p = torch.prim.ListConstruct %int-2, %int-2 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.replication_pad1d' op input [2, 4] is too small: padding (-2, -2) at dimension 1 gives an output extent of 0}}
  %0 = torch.aten.replication_pad1d %x, %p : !torch.vtensor<[2,4],f32>, !torch.list<int> -> !torch.vtensor<[2,0],f32>
  return %0 : !torch.vtensor<[2,0],f32>
}

// -----

// The gradient has the padded shape.
func.func @reflect_bwd_grad_shape(%dy: !torch.vtensor<[2,5],f32>, %x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %int1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.reflection_pad1d_backward' op expected 'grad_output' of the padded shape [2, 6], got [2, 5]}}
  %0 = torch.aten.reflection_pad1d_backward %dy, %x, %p : !torch.vtensor<[2,5],f32>, !torch.vtensor<[2,4],f32>, !torch.list<int> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// A constant index out of range is reported at compile time.
func.func @index_put_const_out_of_range(%x: !torch.vtensor<[4],f32>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.none
  %t = torch.constant.bool true
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i3 = torch.constant.int 3
  %a = torch.aten.arange.start_step %i0, %i3, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si64>
  %b = torch.aten.mul.Scalar %a, %i3 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  %l = torch.prim.ListConstruct %b : (!torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  // expected-error@+1 {{'torch.aten.index_put' op index 6 is out of bounds for dimension 0 with size 4}}
  %r = torch.aten.index_put %x, %l, %v, %t : !torch.vtensor<[4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[4],f32>
  return %r : !torch.vtensor<[4],f32>
}

// -----

// So is one of a gather (PyTorch raises on it; a run-time index out of
// range is undefined behaviour here).
func.func @index_const_out_of_range(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i3 = torch.constant.int 3
  %im6 = torch.constant.int -6
  %a = torch.aten.arange.start_step %i0, %i3, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si64>
  %b = torch.aten.add.Scalar %a, %im6, %i1 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[3],si64>
  %l = torch.prim.ListConstruct %none, %b : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  // expected-error@+1 {{'torch.aten.index.Tensor' op index -6 is out of bounds for dimension 1 with size 4}}
  %r = torch.aten.index.Tensor %x, %l : !torch.vtensor<[2,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,3],f32>
  return %r : !torch.vtensor<[2,3],f32>
}
