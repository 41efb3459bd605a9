// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// Only static shapes are supported.
func.func @sum_dynamic(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[],f32> {
  %none = torch.constant.none
  // expected-error@+1 {{'torch.aten.sum' op 'self' has a dynamic size in dim 0; only static shapes are supported}}
  %0 = torch.aten.sum %x, %none : !torch.vtensor<[?,3],f32>, !torch.none -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// A dim given twice is an error in PyTorch; -2 is dim 0 of a 2-D tensor.
func.func @sum_duplicate_dim(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %int-2 = torch.constant.int -2
  %dims = torch.prim.ListConstruct %int0, %int-2 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %none = torch.constant.none
  // expected-error@+1 {{dim 0 appears multiple times in 'dim'}}
  %0 = torch.aten.sum.dim_IntList %x, %dims, %false, %none : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @sum_dim_out_of_range(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2],f32> {
  %int2 = torch.constant.int 2
  %dims = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %none = torch.constant.none
  // expected-error@+1 {{'dim' 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = torch.aten.sum.dim_IntList %x, %dims, %false, %none : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// keepdim decides the result's rank, so it must be a constant.
// expected-error@+1 {{'func.func' op argument #1 has type '!torch.bool', which has no builtin tensor form}}
func.func @sum_keepdim_not_constant(%x: !torch.vtensor<[2,3],f32>, %keep: !torch.bool) -> !torch.vtensor<[2],f32> {
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %none = torch.constant.none
  // expected-error@+1 {{'torch.aten.sum.dim_IntList' op expected 'keepdim' to be a constant bool (torch.constant.bool)}}
  %0 = torch.aten.sum.dim_IntList %x, %dims, %keep, %none : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// The declared result must be what PyTorch computes: an f32 sum is f32.
func.func @sum_wrong_result_dtype(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  // expected-error@+1 {{result #0 has type '!torch.vtensor<[],si64>', but PyTorch computes '!torch.vtensor<[],f32>'}}
  %0 = torch.aten.sum %x, %none : !torch.vtensor<[2,3],f32>, !torch.none -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// mean of an integer tensor needs a float dtype argument.
func.func @mean_int(%x: !torch.vtensor<[4],si64>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  // expected-error@+1 {{mean(): could not infer output dtype. Input dtype must be a floating point dtype, got si64}}
  %0 = torch.aten.mean %x, %none : !torch.vtensor<[4],si64>, !torch.none -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// amax over an empty dim has no value (ATen raises).
func.func @amax_empty(%x: !torch.vtensor<[0,3],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %dims = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  // expected-error@+1 {{amax(): Expected reduction dim 0 to have non-zero size.}}
  %0 = torch.aten.amax %x, %dims, %false : !torch.vtensor<[0,3],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// var is defined for floats only.
func.func @var_int(%x: !torch.vtensor<[4],si32>) -> !torch.vtensor<[],si32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+1 {{var: 'self' has dtype si32; var only supports floating point dtypes}}
  %0 = torch.aten.var.correction %x, %none, %none, %false : !torch.vtensor<[4],si32>, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[],si32>
  return %0 : !torch.vtensor<[],si32>
}

// -----

func.func @mm_shapes(%a: !torch.vtensor<[4,6],f32>, %b: !torch.vtensor<[5,5],f32>) -> !torch.vtensor<[4,5],f32> {
  // expected-error@+1 {{'self' and 'mat2' shapes cannot be multiplied (4x6 and 5x5)}}
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[4,6],f32>, !torch.vtensor<[5,5],f32> -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// Integer matrix products are not supported.
func.func @mm_int(%a: !torch.vtensor<[4,6],si64>, %b: !torch.vtensor<[6,5],si64>) -> !torch.vtensor<[4,5],si64> {
  // expected-error@+1 {{'self' has dtype si64; only f16, bf16, f32 and f64 are supported}}
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[4,6],si64>, !torch.vtensor<[6,5],si64> -> !torch.vtensor<[4,5],si64>
  return %0 : !torch.vtensor<[4,5],si64>
}

// -----

func.func @mm_mixed(%a: !torch.vtensor<[4,6],f32>, %b: !torch.vtensor<[6,5],f64>) -> !torch.vtensor<[4,5],f32> {
  // expected-error@+1 {{'mat2' has dtype f64 but 'self' has dtype f32; PyTorch requires one dtype here}}
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[4,6],f32>, !torch.vtensor<[6,5],f64> -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

func.func @addmm_bias_shape(%bias: !torch.vtensor<[3],f32>, %a: !torch.vtensor<[4,6],f32>, %b: !torch.vtensor<[6,5],f32>) -> !torch.vtensor<[4,5],f32> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'self' of shape [3] cannot be broadcast to [4 5]}}
  %0 = torch.aten.addmm %bias, %a, %b, %int1, %int1 : !torch.vtensor<[3],f32>, !torch.vtensor<[4,6],f32>, !torch.vtensor<[6,5],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// alpha and beta are folded, so they must be constants.
// expected-error@+1 {{'func.func' op argument #3 has type '!torch.float', which has no builtin tensor form}}
func.func @addmm_alpha_not_constant(%bias: !torch.vtensor<[5],f32>, %a: !torch.vtensor<[4,6],f32>, %b: !torch.vtensor<[6,5],f32>, %alpha: !torch.float) -> !torch.vtensor<[4,5],f32> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{expected 'alpha' to be a constant number (torch.constant.int or torch.constant.float)}}
  %0 = torch.aten.addmm %bias, %a, %b, %int1, %alpha : !torch.vtensor<[5],f32>, !torch.vtensor<[4,6],f32>, !torch.vtensor<[6,5],f32>, !torch.int, !torch.float -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// bmm does not broadcast the batch.
func.func @bmm_batch(%a: !torch.vtensor<[2,3,4],f32>, %b: !torch.vtensor<[1,4,5],f32>) -> !torch.vtensor<[2,3,5],f32> {
  // expected-error@+1 {{'self' [2 3 4] and 'mat2' [1 4 5] cannot be batch-multiplied (expected [B, M, K] and [B, K, N])}}
  %0 = torch.aten.bmm %a, %b : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[1,4,5],f32> -> !torch.vtensor<[2,3,5],f32>
  return %0 : !torch.vtensor<[2,3,5],f32>
}

// -----

func.func @softmax_half_to_float_f32(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  // expected-error@+1 {{half_to_float: conversion is supported for Half type only, 'self' is f32}}
  %0 = torch.aten._softmax %x, %int1, %true : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

func.func @log_softmax_dim(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  // expected-error@+1 {{'dim' 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = torch.aten._log_softmax %x, %int2, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// softmax of an integer tensor needs a float dtype.
func.func @softmax_int_of_int(%x: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2,3],si64> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  // expected-error@+1 {{softmax of dtype si64 is not supported: the result must be a floating point dtype}}
  %0 = torch.aten.softmax.int %x, %int1, %none : !torch.vtensor<[2,3],si64>, !torch.int, !torch.none -> !torch.vtensor<[2,3],si64>
  return %0 : !torch.vtensor<[2,3],si64>
}

// -----

func.func @softmax_backward_shapes(%dy: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  // expected-error@+1 {{'grad_output' [2 3] and 'output' [3 2] must have the same shape}}
  %0 = torch.aten._softmax_backward_data %dy, %y, %int1, %int6 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3,2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// Targets are int64 class indices (ATen: "expected scalar type Long but found Int").
func.func @nll_target_si32(%x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  // expected-error@+1 {{expected 'target' of dtype si64 (class indices), got si32}}
  %0:2 = torch.aten.nll_loss_forward %x, %t, %none, %int1, %int-100 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si32>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

func.func @nll_reduction(%x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %none = torch.constant.none
  %int3 = torch.constant.int 3
  %int-100 = torch.constant.int -100
  // expected-error@+1 {{'reduction' must be 0 (none), 1 (mean) or 2 (sum), got 3}}
  %0:2 = torch.aten.nll_loss_forward %x, %t, %none, %int3, %int-100 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

func.func @nll_weight_shape(%x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>, %w: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  // expected-error@+1 {{expected 'weight' of shape [5] (one per class), got [4]}}
  %0:2 = torch.aten.nll_loss_forward %x, %t, %w, %int1, %int-100 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

// nll_loss2d's [N, C, H, W] layout is a different op; nll_loss takes [N, C] or [C].
func.func @nll_rank3(%x: !torch.vtensor<[2,4,5],f32>, %t: !torch.vtensor<[2,5],si64>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  // expected-error@+1 {{expected 'self' of rank 1 ([C]) or 2 ([N, C]), got shape [2 4 5]}}
  %0:2 = torch.aten.nll_loss_forward %x, %t, %none, %int1, %int-100 : !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,5],si64>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

// nll_loss_backward's grad_output is [N] only for reduction none.
func.func @nll_backward_grad_shape(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>, %tw: !torch.vtensor<[],f32>) -> !torch.vtensor<[4,5],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  // expected-error@+1 {{expected 'grad_output' of shape [] for reduction 1, got [4]}}
  %0 = torch.aten.nll_loss_backward %g, %x, %t, %none, %int1, %int-100, %tw : !torch.vtensor<[4],f32>, !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int, !torch.vtensor<[],f32> -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

func.func @max_dim_out_of_range(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>) {
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.max.dim' op 'dim' 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0:2 = torch.aten.max.dim %x, %int2, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
  return %0#0, %0#1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
}

// -----

// The indices of max.dim are int64.
func.func @max_dim_indices_si32(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],si32>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  // expected-error@+1 {{result #1 has type '!torch.vtensor<[2],si32>', but PyTorch computes '!torch.vtensor<[2],si64>'}}
  %0:2 = torch.aten.max.dim %x, %int1, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],si32>
  return %0#0, %0#1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],si32>
}

// -----

// min.dim over a dim of extent 0 has no value (ATen raises).
func.func @min_dim_empty(%x: !torch.vtensor<[2,0],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>) {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  // expected-error@+1 {{min(): Expected reduction dim 1 to have non-zero size.}}
  %0:2 = torch.aten.min.dim %x, %int-1, %false : !torch.vtensor<[2,0],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
  return %0#0, %0#1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
}

// -----

func.func @max_all_empty(%x: !torch.vtensor<[0,3],f32>) -> !torch.vtensor<[],f32> {
  // expected-error@+1 {{max(): Expected reduction dim to be specified for input.numel() == 0.}}
  %0 = torch.aten.max %x : !torch.vtensor<[0,3],f32> -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// The dim of argmax decides the result's shape, so it must be a constant.
// expected-error@+1 {{'func.func' op argument #1 has type '!torch.int', which has no builtin tensor form}}
func.func @argmax_dim_not_constant(%x: !torch.vtensor<[2,3],f32>, %d: !torch.int) -> !torch.vtensor<[2],si64> {
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.argmax' op expected 'dim' to be a constant int (torch.constant.int)}}
  %0 = torch.aten.argmax %x, %d, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// -----

func.func @argmin_bool(%x: !torch.vtensor<[4],i1>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+1 {{argmin of a bool tensor is not supported (PyTorch: "argmin_cpu" not implemented for 'Bool')}}
  %0 = torch.aten.argmin %x, %none, %false : !torch.vtensor<[4],i1>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

func.func @argmax_none_empty(%x: !torch.vtensor<[3,0],f32>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+1 {{argmax(): Expected reduction dim to be specified for input.numel() == 0.}}
  %0 = torch.aten.argmax %x, %none, %false : !torch.vtensor<[3,0],f32>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// An integer prod is int64 (ATen promotes it), not the input dtype.
func.func @prod_si32_result(%x: !torch.vtensor<[3],si32>) -> !torch.vtensor<[],si32> {
  %none = torch.constant.none
  // expected-error@+1 {{result #0 has type '!torch.vtensor<[],si32>', but PyTorch computes '!torch.vtensor<[],si64>'}}
  %0 = torch.aten.prod %x, %none : !torch.vtensor<[3],si32>, !torch.none -> !torch.vtensor<[],si32>
  return %0 : !torch.vtensor<[],si32>
}

// -----

func.func @cumsum_dim_out_of_range(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int-3 = torch.constant.int -3
  %none = torch.constant.none
  // expected-error@+1 {{'dim' -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = torch.aten.cumsum %x, %int-3, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// expected-error@+1 {{'func.func' op argument #1 has type '!torch.int', which has no builtin tensor form}}
func.func @cumsum_dim_not_constant(%x: !torch.vtensor<[2,3],f32>, %d: !torch.int) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  // expected-error@+1 {{'torch.aten.cumsum' op expected 'dim' to be a constant int (torch.constant.int)}}
  %0 = torch.aten.cumsum %x, %d, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

func.func @cumsum_dtype_bool(%x: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],i1> {
  %int0 = torch.constant.int 0
  %int11 = torch.constant.int 11
  // expected-error@+1 {{a cumsum with dtype bool is not supported}}
  %0 = torch.aten.cumsum %x, %int0, %int11 : !torch.vtensor<[4],si64>, !torch.int, !torch.int -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

func.func @mse_reduction_3(%s: !torch.vtensor<[4],f32>, %t: !torch.vtensor<[4],f32>) -> !torch.vtensor<[],f32> {
  %int3 = torch.constant.int 3
  // expected-error@+1 {{'reduction' must be 0 (none), 1 (mean) or 2 (sum), got 3}}
  %0 = torch.aten.mse_loss %s, %t, %int3 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// "mse_cpu" is not implemented for integers.
func.func @mse_int(%s: !torch.vtensor<[4],si64>, %t: !torch.vtensor<[4],si64>) -> !torch.vtensor<[],si64> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'self' has dtype si64; only f16, bf16, f32 and f64 are supported}}
  %0 = torch.aten.mse_loss %s, %t, %int1 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

func.func @mse_shapes(%s: !torch.vtensor<[2,3],f32>, %t: !torch.vtensor<[4],f32>) -> !torch.vtensor<[],f32> {
  %int2 = torch.constant.int 2
  // expected-error@+1 {{shapes [2,3], [4] do not broadcast (3 vs 4)}}
  %0 = torch.aten.mse_loss %s, %t, %int2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// The gradient has self's shape: grad_output and target must broadcast to it.
func.func @mse_backward_grad_wider(%g: !torch.vtensor<[2,3],f32>, %s: !torch.vtensor<[3],f32>, %t: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'grad_output' of shape [2,3] and 'target' of shape [3] must broadcast to the shape of 'self', [3]}}
  %0 = torch.aten.mse_loss_backward %g, %s, %t, %int0 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
