// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// stride must be known at compile time: a list element that is not a
// torch.constant.int is rejected at the op, naming the argument.
// expected-error@+1 {{'func.func' op argument #0 has type '!torch.int', which has no builtin tensor form}}
func.func @nonconst_stride(%sv: !torch.int, %dy: !torch.vtensor<[1,2,5,5],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %sv, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{'torch.aten.convolution_backward' op expected 'stride' to be a constant int list (torch.prim.ListConstruct of torch.constant.int)}}
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
}

// -----

// Mixed dtypes are an error (conv-backward.md, dtypes).
func.func @mixed(%dy: !torch.vtensor<[1,2,5,5],f32>, %x: !torch.vtensor<[1,2,5,5],f64>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 1
  %s1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{mixed dtypes are not supported: 'grad_output' is f32, 'input' is f64, 'weight' is f32; cast the operands to one dtype first}}
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[1,2,5,5],f64>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
}

// -----

// Every op that cannot be lowered is reported, in program order, each at
// its own location; nothing is rewritten (the supported conv is not lowered
// either, since the conversion is all or nothing).
func.func @unsupported(%a: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 5.000000e-01
  // expected-error@+1 {{failed to legalize operation 'torch.aten.bernoulli'}}
  %0 = torch.aten.bernoulli %a, %none : !torch.vtensor<[2,3],f32>, !torch.none -> !torch.vtensor<[2,3],f32>
  // expected-error@+1 {{failed to legalize operation 'torch.aten.bernoulli.p'}}
  %1 = torch.aten.bernoulli.p %0, %p, %none : !torch.vtensor<[2,3],f32>, !torch.float, !torch.none -> !torch.vtensor<[2,3],f32>
  return %1 : !torch.vtensor<[2,3],f32>
}

func.func @more(%a: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  // expected-error@+1 {{failed to legalize operation 'torch.aten.bernoulli'}}
  %0 = torch.aten.bernoulli %a, %none : !torch.vtensor<[2,3],f32>, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// grad_output must have the convolution's output extents.
func.func @bad_shape(%dy: !torch.vtensor<[1,2,4,5],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 1
  %s1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool true
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{grad_output spatial dim 0 is 4, but the convolution's output extent is 5}}
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,4,5],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
}

// -----

// A result masked out by output_mask is None: using it as a tensor is an error.
func.func @masked_used(%dy: !torch.vtensor<[1,2,5,5],f32>, %x: !torch.vtensor<[1,2,5,5],f32>, %w: !torch.vtensor<[2,2,3,3],f32>) -> (!torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>) {
  %bs0 = torch.constant.int 2
  %bs = torch.prim.ListConstruct %bs0 : (!torch.int) -> !torch.list<int>
  %s0 = torch.constant.int 1
  %s1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %s0, %s1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d0 = torch.constant.int 1
  %d1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %d0, %d1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op0 = torch.constant.int 0
  %op1 = torch.constant.int 0
  %op = torch.prim.ListConstruct %op0, %op1 : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %m0 = torch.constant.bool true
  %m1 = torch.constant.bool true
  %m2 = torch.constant.bool false
  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error@+1 {{result #2 is masked out by output_mask but used; a masked result is None}}
  %r:3 = torch.aten.convolution_backward %dy, %x, %w, %bs, %s, %p, %d, %tr, %op, %g, %mask : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[1,2,5,5],f32>, !torch.vtensor<[2,2,3,3],f32>, !torch.vtensor<[2],f32>
}

// -----

// A vtensor without sizes has no builtin tensor form.
// expected-error@+1 {{'func.func' op argument #0 has type '!torch.vtensor<*,f32>', which has no builtin tensor form}}
func.func @unranked(%a: !torch.vtensor<*,f32>) -> !torch.vtensor<*,f32> {
  return %a : !torch.vtensor<*,f32>
}
