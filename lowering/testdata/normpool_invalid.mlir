// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// Only static shapes: a dynamic batch is rejected at the op.
func.func @bn_dynamic(%x: !torch.vtensor<[?,3,4],f32>) -> !torch.vtensor<[?,3,4],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{'torch.aten.native_batch_norm' op 'input' has dynamic sizes !torch.vtensor<[?,3,4],f32>; only static shapes are supported}}
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %true, %mom, %eps : !torch.vtensor<[?,3,4],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[?,3,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[?,3,4],f32>
}

// -----

// training must be known at compile time.
// expected-error@+1 {{'func.func' op argument #1 has type '!torch.bool', which has no builtin tensor form}}
func.func @bn_training_not_constant(%x: !torch.vtensor<[2,3],f32>, %t: !torch.bool) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{'torch.aten.native_batch_norm' op expected 'training' to be a constant bool (torch.constant.bool)}}
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %t, %mom, %eps : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[2,3],f32>
}

// -----

// Evaluation needs the running statistics, as in PyTorch.
func.func @bn_eval_without_stats(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{evaluation mode (training = false) needs 'running_mean' and 'running_var', as PyTorch does}}
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %false, %mom, %eps : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>
  return %r#0 : !torch.vtensor<[2,3],f32>
}

// -----

// A per-channel operand must have one entry per channel.
func.func @bn_weight_shape(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{expected 'weight' of shape [3] (one entry per channel), got !torch.vtensor<[4],f32>}}
  %r:3 = torch.aten.native_batch_norm %x, %w, %none, %none, %none, %true, %mom, %eps : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[2,3],f32>
}

// -----

// Empty saved statistics exist only in evaluation mode.
func.func @bn_train_empty_save(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{result #1 has type '!torch.vtensor<[0],f32>', expected shape [3] (or [0] for the saved statistics in evaluation mode)}}
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %true, %mom, %eps : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>
  return %r#0 : !torch.vtensor<[2,3],f32>
}

// -----

// Integer inputs have no batch norm.
func.func @bn_int(%x: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2,3],si64> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{'input' has dtype si64; only f16, bf16, f32 and f64 are supported}}
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %true, %mom, %eps : !torch.vtensor<[2,3],si64>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>
  return %r#0 : !torch.vtensor<[2,3],si64>
}

// -----

// Training backward needs the saved statistics.
func.func @bn_bwd_train_without_saved(%dy: !torch.vtensor<[2,3],f32>, %x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{train = true needs 'save_mean' and 'save_invstd', got None}}
  %r:3 = torch.aten.native_batch_norm_backward %dy, %x, %none, %none, %none, %none, %none, %true, %eps, %mask : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.list<bool> -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[2,3],f32>
}

// -----

// A result masked out by output_mask is None and must not be used.
func.func @bn_bwd_masked_used(%dy: !torch.vtensor<[2,3],f32>, %x: !torch.vtensor<[2,3],f32>, %sm: !torch.vtensor<[3],f32>, %si: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %eps = torch.constant.float 1.000000e-05
  %mask = torch.prim.ListConstruct %true, %false, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{result #1 is masked out by output_mask but used; a masked result is None}}
  %r:3 = torch.aten.native_batch_norm_backward %dy, %x, %none, %none, %none, %sm, %si, %true, %eps, %mask : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.list<bool> -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#1 : !torch.vtensor<[3],f32>
}

// -----

// PyTorch requires padding ≤ kernel_size / 2.
func.func @maxpool_pad_too_large(%x: !torch.vtensor<[1,1,5,5],f32>) -> (!torch.vtensor<[1,1,6,6],f32>, !torch.vtensor<[1,1,6,6],si64>) {
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{pad should be at most half of kernel size, but got padding [2,2] and kernel_size [2,2]}}
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[1,1,5,5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,6,6],f32>, !torch.vtensor<[1,1,6,6],si64>
  return %r#0, %r#1 : !torch.vtensor<[1,1,6,6],f32>, !torch.vtensor<[1,1,6,6],si64>
}

// -----

// The declared result shape must be the pooling's.
func.func @maxpool_wrong_shape(%x: !torch.vtensor<[1,1,5,5],f32>) -> (!torch.vtensor<[1,1,3,3],f32>, !torch.vtensor<[1,1,3,3],si64>) {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{result #0 has type '!torch.vtensor<[1,1,3,3],f32>', but the computed shape is [1,1,2,2]}}
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[1,1,5,5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,3,3],f32>, !torch.vtensor<[1,1,3,3],si64>
  return %r#0, %r#1 : !torch.vtensor<[1,1,3,3],f32>, !torch.vtensor<[1,1,3,3],si64>
}

// -----

// Pooling is lowered for float inputs only.
func.func @maxpool_int(%x: !torch.vtensor<[1,4,4],si64>) -> (!torch.vtensor<[1,2,2],si64>, !torch.vtensor<[1,2,2],si64>) {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct  : () -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{'self' has dtype si64; only f16, bf16, f32 and f64 are supported}}
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[1,4,4],si64>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,2],si64>, !torch.vtensor<[1,2,2],si64>
  return %r#0, %r#1 : !torch.vtensor<[1,2,2],si64>, !torch.vtensor<[1,2,2],si64>
}

// -----

// max pooling's indices are int64.
func.func @maxpool_bwd_indices_dtype(%dy: !torch.vtensor<[1,1,2,2],f32>, %x: !torch.vtensor<[1,1,4,4],f32>, %idx: !torch.vtensor<[1,1,2,2],si32>) -> !torch.vtensor<[1,1,4,4],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{expected 'indices' of dtype si64, got !torch.vtensor<[1,1,2,2],si32>}}
  %r = torch.aten.max_pool2d_with_indices_backward %dy, %x, %k, %s, %p, %d, %false, %idx : !torch.vtensor<[1,1,2,2],f32>, !torch.vtensor<[1,1,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.vtensor<[1,1,2,2],si32> -> !torch.vtensor<[1,1,4,4],f32>
  return %r : !torch.vtensor<[1,1,4,4],f32>
}

// -----

// divisor_override = 0 is an error in PyTorch too.
func.func @avgpool_zero_divisor(%x: !torch.vtensor<[1,1,4,4],f32>) -> !torch.vtensor<[1,1,2,2],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{divisor must be not zero}}
  %r = torch.aten.avg_pool2d %x, %k, %s, %p, %false, %true, %int0 : !torch.vtensor<[1,1,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.int -> !torch.vtensor<[1,1,2,2],f32>
  return %r : !torch.vtensor<[1,1,2,2],f32>
}

// -----

// kernel_size must be a constant list.
// expected-error@+1 {{'func.func' op argument #1 has type '!torch.int', which has no builtin tensor form}}
func.func @avgpool_kernel_not_constant(%x: !torch.vtensor<[1,1,4,4],f32>, %kv: !torch.int) -> !torch.vtensor<[1,1,2,2],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %kv, %kv : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{expected 'kernel_size' to be a constant int list (torch.prim.ListConstruct of torch.constant.int), as the lowering needs it at compile time}}
  %r = torch.aten.avg_pool2d %x, %k, %s, %p, %false, %true, %none : !torch.vtensor<[1,1,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,1,2,2],f32>
  return %r : !torch.vtensor<[1,1,2,2],f32>
}

// -----

// _adaptive_avg_pool2d takes two output sizes.
func.func @adaptive_output_size(%x: !torch.vtensor<[1,1,4,4],f32>) -> !torch.vtensor<[1,1,2,2],f32> {
  %int2 = torch.constant.int 2
  %o = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{expected 'output_size' to have 2 entries, got 1}}
  %r = torch.aten._adaptive_avg_pool2d %x, %o : !torch.vtensor<[1,1,4,4],f32>, !torch.list<int> -> !torch.vtensor<[1,1,2,2],f32>
  return %r : !torch.vtensor<[1,1,2,2],f32>
}

// -----

// A fill value computed at run time is not supported.
// expected-error@+1 {{'func.func' op argument #0 has type '!torch.float', which has no builtin tensor form}}
func.func @full_runtime_value(%v: !torch.float) -> !torch.vtensor<[2],f32> {
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{expected 'fill_value' to be a constant number (torch.constant.int, .float or .bool); a value computed at run time is not supported}}
  %0 = torch.aten.full %size, %v, %none, %none, %none, %none : !torch.list<int>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// The dtype argument and the result type must agree.
func.func @zeros_dtype_mismatch() -> !torch.vtensor<[2],f32> {
  %int2 = torch.constant.int 2
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{'dtype' is Double (f64) but the result type has dtype !torch.vtensor<[2],f32>}}
  %0 = torch.aten.zeros %size, %int7, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// Sparse layouts are not supported.
func.func @ones_sparse() -> !torch.vtensor<[2],f32> {
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{only the strided layout (0) is supported, got layout 1}}
  %0 = torch.aten.ones %size, %none, %int1, %none, %none : !torch.list<int>, !torch.none, !torch.int, !torch.none, !torch.none -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// The size list and the result type must agree.
func.func @empty_size_mismatch() -> !torch.vtensor<[3],f32> {
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{result #0 has type '!torch.vtensor<[3],f32>', but the computed shape is [2]}}
  %0 = torch.aten.empty.memory_format %size, %none, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// arange's length is ceil((end − start) / step).
func.func @arange_length(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[4],si64> {
  %int0 = torch.constant.int 0
  %int5 = torch.constant.int 5
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  // expected-error@+1 {{result #0 has type '!torch.vtensor<[4],si64>', but the computed shape is [3]}}
  %0 = torch.aten.arange.start_step %int0, %int5, %int2, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// The reserve result of torch 2.x's export form is cuDNN's workspace: an
// empty tensor here.
func.func @bn_with_update_reserve(%x: !torch.vtensor<[2,3,4],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %none = torch.constant.none
  %m = torch.constant.float 1.000000e-01
  %e = torch.constant.float 1.000000e-05
  // expected-error@+1 {{'torch.aten._batch_norm_with_update_functional' op result #3 (reserve) has type '!torch.vtensor<[3],ui8>', expected an empty [0] tensor}}
  %r:6 = torch.aten._batch_norm_with_update_functional %x, %none, %none, %rm, %rv, %m, %e : !torch.vtensor<[2,3,4],f32>, !torch.none, !torch.none, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.float, !torch.float -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],ui8>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// normalized_shape names the input's trailing dims.
func.func @layer_norm_shape(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %int3 = torch.constant.int 3
  %l = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{'torch.aten.native_layer_norm' op normalized_shape [3] must be the trailing dims of the input [2,3,4]}}
  %0:3 = torch.aten.native_layer_norm %x, %l, %none, %none, %eps : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.float -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>
  return %0#0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// max_pool3d_with_indices pools [C, D, H, W] or [N, C, D, H, W].
func.func @maxpool3d_rank(%x: !torch.vtensor<[1,4,4],f32>) -> (!torch.vtensor<[1,2,2],f32>, !torch.vtensor<[1,2,2],si64>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{expected 'self' of rank 4 or 5 ([C, D, H, W] or [N, C, D, H, W]), got !torch.vtensor<[1,4,4],f32>}}
  %r:2 = torch.aten.max_pool3d_with_indices %x, %k, %k, %p, %d, %false : !torch.vtensor<[1,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,2],f32>, !torch.vtensor<[1,2,2],si64>
  return %r#0, %r#1 : !torch.vtensor<[1,2,2],f32>, !torch.vtensor<[1,2,2],si64>
}

// -----

// A 3-D kernel_size has 1 or 3 entries.
func.func @avgpool3d_kernel_entries(%x: !torch.vtensor<[1,1,4,4,4],f32>) -> !torch.vtensor<[1,1,2,2,2],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{expected 'kernel_size' to have 1 or 3 entries, got 2}}
  %r = torch.aten.avg_pool3d %x, %k, %k, %p, %false, %true, %none : !torch.vtensor<[1,1,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,1,2,2,2],f32>
  return %r : !torch.vtensor<[1,1,2,2,2],f32>
}

// -----

// avg_pool1d's lists have one entry.
func.func @avgpool1d_kernel_entries(%x: !torch.vtensor<[1,2,8],f32>) -> !torch.vtensor<[1,2,4],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  // expected-error@+1 {{expected 'kernel_size' to have 1 entry, got 2}}
  %r = torch.aten.avg_pool1d %x, %k, %s, %p, %false, %true : !torch.vtensor<[1,2,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[1,2,4],f32>
  return %r : !torch.vtensor<[1,2,4],f32>
}

// -----

// _adaptive_avg_pool3d takes three output sizes.
func.func @adaptive3d_output_size(%x: !torch.vtensor<[1,1,4,4,4],f32>) -> !torch.vtensor<[1,1,2,2,2],f32> {
  %int2 = torch.constant.int 2
  %o = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{expected 'output_size' to have 3 entries, got 2}}
  %r = torch.aten._adaptive_avg_pool3d %x, %o : !torch.vtensor<[1,1,4,4,4],f32>, !torch.list<int> -> !torch.vtensor<[1,1,2,2,2],f32>
  return %r : !torch.vtensor<[1,1,2,2,2],f32>
}

// -----

// empty_permuted's physical_layout must name each dim once.
func.func @empty_permuted_not_a_permutation() -> !torch.vtensor<[2,3],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %layout = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.empty_permuted' op 'physical_layout' [0,0] is not a permutation of the 2 dims of size [2,3]}}
  %0 = torch.aten.empty_permuted %size, %layout, %none, %none, %none, %none : !torch.list<int>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}
