// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// split.Tensor cuts dim 0 into pieces of 3, the last one smaller; the
// list and its unpack become one extract_slice per piece.
// CHECK-LABEL: func.func @split_tensor(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<7x4xf32>)
// CHECK:         %[[P0:.*]] = tensor.extract_slice %[[A]][0, 0] [3, 4] [1, 1] : tensor<7x4xf32> to tensor<3x4xf32>
// CHECK:         %[[P1:.*]] = tensor.extract_slice %[[A]][3, 0] [3, 4] [1, 1] : tensor<7x4xf32> to tensor<3x4xf32>
// CHECK:         %[[P2:.*]] = tensor.extract_slice %[[A]][6, 0] [1, 4] [1, 1] : tensor<7x4xf32> to tensor<1x4xf32>
// CHECK:         return %[[P0]], %[[P1]], %[[P2]]
// CHECK-NOT:     torch.
func.func @split_tensor(%a: !torch.vtensor<[7,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[1,4],f32>) {
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  %0 = torch.aten.split.Tensor %a, %int3, %int0 : !torch.vtensor<[7,4],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[1,4],f32>
  return %1#0, %1#1, %1#2 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[1,4],f32>
}

// -----

// split_with_sizes along a negative dim (the last); any dtype.
// CHECK-LABEL: func.func @split_with_sizes(
// CHECK:         tensor.extract_slice %{{.*}}[0, 0] [2, 1] [1, 1] : tensor<2x6xi64> to tensor<2x1xi64>
// CHECK:         tensor.extract_slice %{{.*}}[0, 1] [2, 5] [1, 1] : tensor<2x6xi64> to tensor<2x5xi64>
// CHECK-NOT:     torch.
func.func @split_with_sizes(%a: !torch.vtensor<[2,6],si64>) -> (!torch.vtensor<[2,1],si64>, !torch.vtensor<[2,5],si64>) {
  %int1 = torch.constant.int 1
  %int5 = torch.constant.int 5
  %l = torch.prim.ListConstruct %int1, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  %int-1 = torch.constant.int -1
  %0 = torch.aten.split_with_sizes %a, %l, %int-1 : !torch.vtensor<[2,6],si64>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %1:2 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[2,1],si64>, !torch.vtensor<[2,5],si64>
  return %1#0, %1#1 : !torch.vtensor<[2,1],si64>, !torch.vtensor<[2,5],si64>
}

// -----

// unbind drops the dim: rank-reducing slices.
// CHECK-LABEL: func.func @unbind(
// CHECK:         tensor.extract_slice %{{.*}}[0, 0] [2, 1] [1, 1] : tensor<2x3xf32> to tensor<2xf32>
// CHECK:         tensor.extract_slice %{{.*}}[0, 1] [2, 1] [1, 1] : tensor<2x3xf32> to tensor<2xf32>
// CHECK:         tensor.extract_slice %{{.*}}[0, 2] [2, 1] [1, 1] : tensor<2x3xf32> to tensor<2xf32>
func.func @unbind(%a: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.unbind.int %a, %int1 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.list<vtensor>
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
  return %1#0, %1#1, %1#2 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
}

// -----

// A piece the program does not use is simply not extracted.
// CHECK-LABEL: func.func @split_partly_used(
// CHECK:         %[[P:.*]] = tensor.extract_slice %{{.*}}[2, 0] [2, 3] [1, 1] : tensor<4x3xf32> to tensor<2x3xf32>
// CHECK-NEXT:    return %[[P]]
func.func @split_partly_used(%a: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %0 = torch.aten.split.Tensor %a, %int2, %int0 : !torch.vtensor<[4,3],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %1:2 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
  return %1#1 : !torch.vtensor<[2,3],f32>
}
