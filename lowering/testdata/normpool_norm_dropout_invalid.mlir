// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// Dropout in training mode draws a random mask: refused, naming the op.
func.func @dropout_train(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %p = torch.constant.float 5.000000e-01
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.native_dropout' op dropout with p = 0.5 in training mode (train = true) draws a random mask, which a compiled program cannot reproduce; export the model in evaluation mode (model.eval()), where dropout is the identity}}
  %0:2 = torch.aten.native_dropout %x, %p, %true : !torch.vtensor<[3,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
  return %0#0 : !torch.vtensor<[3,4],f32>
}

// -----

// train = None means training, as in ATen.
func.func @dropout_train_none(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %p = torch.constant.float 1.000000e-01
  %none = torch.constant.none
  // expected-error@+1 {{dropout with p = 0.1 in training mode (train = None, which means true) draws a random mask}}
  %0:2 = torch.aten.native_dropout %x, %p, %none : !torch.vtensor<[3,4],f32>, !torch.float, !torch.none -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
  return %0#0 : !torch.vtensor<[3,4],f32>
}

// -----

func.func @dropout_p_out_of_range(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %p = torch.constant.float 1.500000e+00
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.native_dropout' op dropout probability has to be between 0 and 1, but got 1.5}}
  %0:2 = torch.aten.native_dropout %x, %p, %false : !torch.vtensor<[3,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
  return %0#0 : !torch.vtensor<[3,4],f32>
}

// -----

// The mask of native_dropout_backward is bool (or grad_output's dtype).
func.func @dropout_backward_int_mask(%g: !torch.vtensor<[3,4],f32>, %m: !torch.vtensor<[3,4],si64>) -> !torch.vtensor<[3,4],f32> {
  %s = torch.constant.float 2.000000e+00
  // expected-error@+1 {{'torch.aten.native_dropout_backward' op 'mask' has dtype si64; expected bool (what native_dropout returns) or grad_output's dtype f32}}
  %0 = torch.aten.native_dropout_backward %g, %m, %s : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],si64>, !torch.float -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// The channels must split evenly into the groups, as PyTorch requires.
func.func @group_norm_indivisible(%x: !torch.vtensor<[2,6,4],f32>) -> !torch.vtensor<[2,6,4],f32> {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 6
  %hxw = torch.constant.int 4
  %g = torch.constant.int 4
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{'torch.aten.native_group_norm' op expected the number of channels C = 6 to be divisible by group = 4, as PyTorch requires}}
  %0:3 = torch.aten.native_group_norm %x, %none, %none, %n, %c, %hxw, %g, %eps : !torch.vtensor<[2,6,4],f32>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,6,4],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>
  return %0#0 : !torch.vtensor<[2,6,4],f32>
}

// -----

// N, C and HxW must describe the input.
func.func @group_norm_wrong_hxw(%x: !torch.vtensor<[2,6,4],f32>) -> !torch.vtensor<[2,6,4],f32> {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 6
  %hxw = torch.constant.int 5
  %g = torch.constant.int 3
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{N = 2, C = 6, HxW = 5 do not describe the input [2,6,4] (expected 2, 6, 4)}}
  %0:3 = torch.aten.native_group_norm %x, %none, %none, %n, %c, %hxw, %g, %eps : !torch.vtensor<[2,6,4],f32>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,6,4],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
  return %0#0 : !torch.vtensor<[2,6,4],f32>
}

// -----

// group must be a compile-time constant.
// expected-error@+1 {{'func.func' op argument #1 has type '!torch.int', which has no builtin tensor form}}
func.func @group_norm_group_not_constant(%x: !torch.vtensor<[2,6],f32>, %g: !torch.int) -> !torch.vtensor<[2,6],f32> {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 6
  %hxw = torch.constant.int 1
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{expected 'group' to be a constant int (torch.constant.int)}}
  %0:3 = torch.aten.native_group_norm %x, %none, %none, %n, %c, %hxw, %g, %eps : !torch.vtensor<[2,6],f32>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,6],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
  return %0#0 : !torch.vtensor<[2,6],f32>
}

// -----

// The backward's mean and rstd are the forward's [N, group] results.
func.func @group_norm_backward_stats_shape(%dy: !torch.vtensor<[2,4,3],f32>, %x: !torch.vtensor<[2,4,3],f32>, %mean: !torch.vtensor<[4],f32>, %rstd: !torch.vtensor<[2,2],f32>) -> !torch.vtensor<[2,4,3],f32> {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 4
  %hxw = torch.constant.int 3
  %g = torch.constant.int 2
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %mask = torch.prim.ListConstruct %true, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{expected 'mean' of shape [2,2] ([N, group], as native_group_norm returns it), got !torch.vtensor<[4],f32>}}
  %0:3 = torch.aten.native_group_norm_backward %dy, %x, %mean, %rstd, %none, %n, %c, %hxw, %g, %mask : !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[2,2],f32>, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,4,3],f32>, !torch.none, !torch.none
  return %0#0 : !torch.vtensor<[2,4,3],f32>
}

// -----

// A result output_mask leaves out must not be used.
func.func @group_norm_backward_masked_used(%dy: !torch.vtensor<[2,4,3],f32>, %x: !torch.vtensor<[2,4,3],f32>, %mean: !torch.vtensor<[2,2],f32>, %rstd: !torch.vtensor<[2,2],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 4
  %hxw = torch.constant.int 3
  %g = torch.constant.int 2
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %mask = torch.prim.ListConstruct %true, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{result #2 is masked out by output_mask but used; a masked result is None}}
  %0:3 = torch.aten.native_group_norm_backward %dy, %x, %mean, %rstd, %none, %n, %c, %hxw, %g, %mask : !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
  return %0#2 : !torch.vtensor<[4],f32>
}

// -----

// normalized_shape must be the input's trailing dims.
func.func @layer_norm_backward_shape(%dy: !torch.vtensor<[2,3,4],f32>, %x: !torch.vtensor<[2,3,4],f32>, %mean: !torch.vtensor<[2,3,1],f32>, %rstd: !torch.vtensor<[2,3,1],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %none = torch.constant.none
  %int3 = torch.constant.int 3
  %l = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %mask = torch.prim.ListConstruct %true, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{'torch.aten.native_layer_norm_backward' op normalized_shape [3] must be the trailing dims of the input [2,3,4]}}
  %0:3 = torch.aten.native_layer_norm_backward %dy, %x, %l, %mean, %rstd, %none, %none, %mask : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>, !torch.none, !torch.none, !torch.list<bool> -> !torch.vtensor<[2,3,4],f32>, !torch.none, !torch.none
  return %0#0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// The declared result shapes must be PyTorch's: grad_weight has
// normalized_shape.
func.func @layer_norm_backward_weight_result(%dy: !torch.vtensor<[2,4],f32>, %x: !torch.vtensor<[2,4],f32>, %mean: !torch.vtensor<[2,1],f32>, %rstd: !torch.vtensor<[2,1],f32>, %w: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2],f32> {
  %none = torch.constant.none
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %mask = torch.prim.ListConstruct %false, %true, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{result #1 has type '!torch.vtensor<[2],f32>', but the computed shape is [4]}}
  %0:3 = torch.aten.native_layer_norm_backward %dy, %x, %l, %mean, %rstd, %w, %none, %mask : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.list<int>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[4],f32>, !torch.none, !torch.list<bool> -> !torch.none, !torch.vtensor<[2],f32>, !torch.none
  return %0#1 : !torch.vtensor<[2],f32>
}
