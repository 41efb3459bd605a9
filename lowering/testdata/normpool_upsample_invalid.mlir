// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// The output size must be known at compile time.
// expected-error@+1 {{'func.func' op argument #1 has type}}
func.func @nearest_size_not_constant(%x: !torch.vtensor<[1,2,4,5],f32>, %h: !torch.int) -> !torch.vtensor<[1,2,8,10],f32> {
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %sz = torch.prim.ListConstruct %h, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.upsample_nearest2d' op expected 'output_size' to be a constant int list (torch.prim.ListConstruct of torch.constant.int), as the lowering needs it at compile time}}
  %r = torch.aten.upsample_nearest2d %x, %sz, %none, %none : !torch.vtensor<[1,2,4,5],f32>, !torch.list<int>, !torch.none, !torch.none -> !torch.vtensor<[1,2,8,10],f32>
  return %r : !torch.vtensor<[1,2,8,10],f32>
}

// -----

// .vec takes exactly one of output_size and scale_factors: both given.
func.func @nearest_vec_both(%x: !torch.vtensor<[1,2,4,5],f32>) -> !torch.vtensor<[1,2,8,10],f32> {
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %f2 = torch.constant.float 2.000000e+00
  %sz = torch.prim.ListConstruct %int8, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  %sf = torch.prim.ListConstruct %f2, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  // expected-error@+1 {{'torch.aten.upsample_nearest2d.vec' op must specify exactly one of 'output_size' and 'scale_factors'}}
  %r = torch.aten.upsample_nearest2d.vec %x, %sz, %sf : !torch.vtensor<[1,2,4,5],f32>, !torch.list<int>, !torch.list<float> -> !torch.vtensor<[1,2,8,10],f32>
  return %r : !torch.vtensor<[1,2,8,10],f32>
}

// -----

// ... and neither.
func.func @bilinear_vec_neither(%x: !torch.vtensor<[1,2,4,5],f32>) -> !torch.vtensor<[1,2,4,5],f32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten.upsample_bilinear2d.vec' op must specify exactly one of 'output_size' and 'scale_factors'}}
  %r = torch.aten.upsample_bilinear2d.vec %x, %none, %false, %none : !torch.vtensor<[1,2,4,5],f32>, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[1,2,4,5],f32>
  return %r : !torch.vtensor<[1,2,4,5],f32>
}

// -----

// The scale factors must be constants too.
// expected-error@+1 {{'func.func' op argument #1 has type}}
func.func @nearest_vec_scale_not_constant(%x: !torch.vtensor<[1,2,4,5],f32>, %s: !torch.float) -> !torch.vtensor<[1,2,8,10],f32> {
  %none = torch.constant.none
  %f2 = torch.constant.float 2.000000e+00
  %sf = torch.prim.ListConstruct %s, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  // expected-error@+1 {{'torch.aten.upsample_nearest2d.vec' op expected 'scale_factors' to be a constant float list (torch.prim.ListConstruct of torch.constant.float), as the lowering needs it at compile time}}
  %r = torch.aten.upsample_nearest2d.vec %x, %none, %sf : !torch.vtensor<[1,2,4,5],f32>, !torch.none, !torch.list<float> -> !torch.vtensor<[1,2,8,10],f32>
  return %r : !torch.vtensor<[1,2,8,10],f32>
}

// -----

// One scale factor per spatial dim.
func.func @nearest_vec_one_scale(%x: !torch.vtensor<[1,2,4,5],f32>) -> !torch.vtensor<[1,2,8,10],f32> {
  %none = torch.constant.none
  %f2 = torch.constant.float 2.000000e+00
  %sf = torch.prim.ListConstruct %f2 : (!torch.float) -> !torch.list<float>
  // expected-error@+1 {{'torch.aten.upsample_nearest2d.vec' op expected 'scale_factors' to have 2 entries (H, W), got 1}}
  %r = torch.aten.upsample_nearest2d.vec %x, %none, %sf : !torch.vtensor<[1,2,4,5],f32>, !torch.none, !torch.list<float> -> !torch.vtensor<[1,2,8,10],f32>
  return %r : !torch.vtensor<[1,2,8,10],f32>
}

// -----

// The 2-D ops take [N, C, H, W] only.
func.func @bilinear_rank3(%x: !torch.vtensor<[2,4,5],f32>) -> !torch.vtensor<[2,8,10],f32> {
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %true = torch.constant.bool true
  %sz = torch.prim.ListConstruct %int8, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.upsample_bilinear2d' op expected 'self' of rank 4 ([N, C, H, W]), got !torch.vtensor<[2,4,5],f32>}}
  %r = torch.aten.upsample_bilinear2d %x, %sz, %true, %none, %none : !torch.vtensor<[2,4,5],f32>, !torch.list<int>, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[2,8,10],f32>
  return %r : !torch.vtensor<[2,8,10],f32>
}

// -----

// Bilinear interpolates: float dtypes only (nearest copies any dtype).
func.func @bilinear_int(%x: !torch.vtensor<[1,2,4,5],si64>) -> !torch.vtensor<[1,2,8,10],si64> {
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %true = torch.constant.bool true
  %sz = torch.prim.ListConstruct %int8, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.upsample_bilinear2d' op 'self' has dtype si64; only f16, bf16, f32 and f64 are supported}}
  %r = torch.aten.upsample_bilinear2d %x, %sz, %true, %none, %none : !torch.vtensor<[1,2,4,5],si64>, !torch.list<int>, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[1,2,8,10],si64>
  return %r : !torch.vtensor<[1,2,8,10],si64>
}

// -----

// align_corners must be known at compile time.
// expected-error@+1 {{'func.func' op argument #1 has type}}
func.func @bilinear_align_not_constant(%x: !torch.vtensor<[1,2,4,5],f32>, %a: !torch.bool) -> !torch.vtensor<[1,2,8,10],f32> {
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %sz = torch.prim.ListConstruct %int8, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.upsample_bilinear2d' op expected 'align_corners' to be a constant bool (torch.constant.bool)}}
  %r = torch.aten.upsample_bilinear2d %x, %sz, %a, %none, %none : !torch.vtensor<[1,2,4,5],f32>, !torch.list<int>, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[1,2,8,10],f32>
  return %r : !torch.vtensor<[1,2,8,10],f32>
}

// -----

// input_size is [N, C, H, W].
func.func @nearest_bwd_input_size(%g: !torch.vtensor<[1,2,8,10],f32>) -> !torch.vtensor<[1,2,4,5],f32> {
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %osz = torch.prim.ListConstruct %int8, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  %isz = torch.prim.ListConstruct %int2, %int4, %int5 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.upsample_nearest2d_backward' op expected 'input_size' to have 4 entries (N, C, H, W), got 3}}
  %r = torch.aten.upsample_nearest2d_backward %g, %osz, %isz, %none, %none : !torch.vtensor<[1,2,8,10],f32>, !torch.list<int>, !torch.list<int>, !torch.none, !torch.none -> !torch.vtensor<[1,2,4,5],f32>
  return %r : !torch.vtensor<[1,2,4,5],f32>
}

// -----

// grad_output has the forward's output shape: input_size's N and C, then
// output_size.
func.func @bilinear_bwd_grad_shape(%g: !torch.vtensor<[1,3,8,10],f32>) -> !torch.vtensor<[1,2,4,5],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %false = torch.constant.bool false
  %osz = torch.prim.ListConstruct %int8, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  %isz = torch.prim.ListConstruct %int1, %int2, %int4, %int5 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.upsample_bilinear2d_backward' op expected 'grad_output' of shape [1,2,8,10] (input_size's N, C and output_size), got !torch.vtensor<[1,3,8,10],f32>}}
  %r = torch.aten.upsample_bilinear2d_backward %g, %osz, %isz, %false, %none, %none : !torch.vtensor<[1,3,8,10],f32>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[1,2,4,5],f32>
  return %r : !torch.vtensor<[1,2,4,5],f32>
}

// -----

// Extents must be positive: a scale factor that rounds 4 rows down to 0.
func.func @nearest_vec_empty(%x: !torch.vtensor<[1,2,4,5],f32>) -> !torch.vtensor<[1,2,0,10],f32> {
  %none = torch.constant.none
  %f = torch.constant.float 2.000000e-01
  %f2 = torch.constant.float 2.000000e+00
  %sf = torch.prim.ListConstruct %f, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  // expected-error@+1 {{'torch.aten.upsample_nearest2d.vec' op input and output sizes should be greater than 0, but got input (H: 4, W: 5) output (H: 0, W: 10)}}
  %r = torch.aten.upsample_nearest2d.vec %x, %none, %sf : !torch.vtensor<[1,2,4,5],f32>, !torch.none, !torch.list<float> -> !torch.vtensor<[1,2,0,10],f32>
  return %r : !torch.vtensor<[1,2,0,10],f32>
}

// -----

// The declared result shape must be the computed one.
func.func @nearest_result_shape(%x: !torch.vtensor<[1,2,4,5],f32>) -> !torch.vtensor<[1,2,8,9],f32> {
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %sz = torch.prim.ListConstruct %int8, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.upsample_nearest2d' op result #0 has type '!torch.vtensor<[1,2,8,9],f32>', but the computed shape is [1,2,8,10]}}
  %r = torch.aten.upsample_nearest2d %x, %sz, %none, %none : !torch.vtensor<[1,2,4,5],f32>, !torch.list<int>, !torch.none, !torch.none -> !torch.vtensor<[1,2,8,9],f32>
  return %r : !torch.vtensor<[1,2,8,9],f32>
}
