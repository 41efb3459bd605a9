// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// _assert_tensor_metadata (what torch.export leaves for x.to()) is decided
// at compile time against the static type and disappears.
// CHECK-LABEL: func.func @assert_metadata(
// CHECK-SAME:      %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[X]] : tensor<2x3xf32>
func.func @assert_metadata(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %int6 = torch.constant.int 6
  torch.aten._assert_tensor_metadata %x, %size, %none, %int6, %none, %none : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.none, !torch.int, !torch.none, !torch.none
  return %x : !torch.vtensor<[2,3],f32>
}

// -----

func.func @assert_metadata_dtype(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %int7 = torch.constant.int 7
  // expected-error@+1 {{the program asserts dtype f64, but 'a' is !torch.vtensor<[2,3],f32>}}
  torch.aten._assert_tensor_metadata %x, %none, %none, %int7, %none, %none : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.int, !torch.none, !torch.none
  return %x : !torch.vtensor<[2,3],f32>
}

// -----

func.func @assert_metadata_size(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %int3 = torch.constant.int 3
  %size = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{the program asserts sizes [3,3], but 'a' is !torch.vtensor<[2,3],f32>}}
  torch.aten._assert_tensor_metadata %x, %size, %none, %none, %none, %none : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none
  return %x : !torch.vtensor<[2,3],f32>
}
