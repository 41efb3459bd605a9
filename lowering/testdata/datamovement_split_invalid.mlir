// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// The sizes must add up to the dim's extent.
func.func @split_with_sizes_sum(%a: !torch.vtensor<[2,6],f32>) -> !torch.vtensor<[2,1],f32> {
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %l = torch.prim.ListConstruct %int1, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.split_with_sizes' op split_with_sizes expects split_sizes to sum exactly to 6 (input tensor's size at dimension 1), but got split_sizes=[1, 4]}}
  %0 = torch.aten.split_with_sizes %a, %l, %int1 : !torch.vtensor<[2,6],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %1:2 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,4],f32>
  return %1#0 : !torch.vtensor<[2,1],f32>
}

// -----

// The unpack must take every piece.
func.func @unpack_count(%a: !torch.vtensor<[7,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  %0 = torch.aten.split.Tensor %a, %int3, %int0 : !torch.vtensor<[7,4],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.prim.ListUnpack' op unpacks 2 tensors, but 'torch.aten.split.Tensor' gives 3}}
  %1:2 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>
  return %1#0 : !torch.vtensor<[3,4],f32>
}

// -----

// Each piece keeps its type.
func.func @unpack_type(%a: !torch.vtensor<[7,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  %0 = torch.aten.split.Tensor %a, %int3, %int0 : !torch.vtensor<[7,4],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.prim.ListUnpack' op result #2 has type '!torch.vtensor<[3,4],f32>', but the computed shape is !torch.vtensor<[1,4],f32>}}
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>
  return %1#0 : !torch.vtensor<[3,4],f32>
}

// -----

// A list the lowering cannot follow is refused where it is unpacked.
func.func @unpack_construct(%a: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %l = torch.prim.ListConstruct %a, %a : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>) -> !torch.list<vtensor>
  // expected-error@+1 {{'torch.prim.ListUnpack' op expected the list to come from split.Tensor, split_with_sizes or unbind.int, got 'torch.prim.ListConstruct'}}
  %1:2 = torch.prim.ListUnpack %l : !torch.list<vtensor> -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>
  return %1#0 : !torch.vtensor<[3,4],f32>
}
