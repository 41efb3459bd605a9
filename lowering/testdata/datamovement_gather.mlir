// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// index.Tensor x[:, idx] with idx [3] along dim 1: a generic over the result
// [4, 3, 5] that reads idx at the result's dim 1, wraps a negative index
// (idx < 0 ? idx + 6 : idx) and extracts x at (d0, idx, d2).
// CHECK-DAG:   #[[IDX:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @index_one_dim(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<4x6x5xf32>, %[[I:[^:]*]]: tensor<3xi64>
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<4x3x5xf32>
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[IDX]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[I]] : tensor<3xi64>) outs(%[[INIT]] : tensor<4x3x5xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i64, %{{.*}}: f32):
// CHECK:           %[[NEG:.*]] = arith.cmpi slt, %[[IN]], %{{.*}} : i64
// CHECK:           %[[W:.*]] = arith.select %[[NEG]], %{{.*}}, %[[IN]] : i64
// CHECK:           %[[P:.*]] = arith.index_cast %[[W]] : i64 to index
// CHECK:           %[[D0:.*]] = linalg.index 0 : index
// CHECK:           %[[D2:.*]] = linalg.index 2 : index
// CHECK:           %[[E:.*]] = tensor.extract %[[X]][%[[D0]], %[[P]], %[[D2]]] : tensor<4x6x5xf32>
// CHECK:           linalg.yield %[[E]] : f32
// CHECK:         return %[[R]]
func.func @index_one_dim(%x: !torch.vtensor<[4,6,5],f32>, %i: !torch.vtensor<[3],si64>) -> !torch.vtensor<[4,3,5],f32> {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %none, %i : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[4,6,5],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[4,3,5],f32>
  return %0 : !torch.vtensor<[4,3,5],f32>
}

// -----

// Two index tensors that are not adjacent (x[i, :, j]) broadcast to [2, 2]
// and go in front of the result ([2, 2, 3]); i [2, 1] is read with the
// constant 0 on its broadcast dim.
// CHECK-DAG:   #[[I:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, 0)>
// CHECK-DAG:   #[[J:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @index_two_nonadjacent(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3x4xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[I]], #[[J]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<2x1xi64>, tensor<2xi32>) outs(%{{.*}} : tensor<2x2x3xf32>)
// CHECK:           %[[P0:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:           %[[P2:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:           %[[D2:.*]] = linalg.index 2 : index
// CHECK:           tensor.extract %[[X]][%[[P0]], %[[D2]], %[[P2]]] : tensor<2x3x4xf32>
func.func @index_two_nonadjacent(%x: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[2,1],si64>, %j: !torch.vtensor<[2],si32>) -> !torch.vtensor<[2,2,3],f32> {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %i, %none, %j : (!torch.vtensor<[2,1],si64>, !torch.none, !torch.vtensor<[2],si32>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[2,3,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,2,3],f32>
  return %0 : !torch.vtensor<[2,2,3],f32>
}

// -----

// index_select along dim 0 with no negative wrap.
// CHECK-LABEL: func.func @index_select(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<5x3xf32>, %[[I:[^:]*]]: tensor<4xi64>
// CHECK:         linalg.generic {{.*}} ins(%[[I]] : tensor<4xi64>) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.index_cast %[[IN]] : i64 to index
// CHECK-NEXT:      %[[D1:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[E:.*]] = tensor.extract %[[X]][%[[P]], %[[D1]]] : tensor<5x3xf32>
// CHECK-NEXT:      linalg.yield %[[E]] : f32
func.func @index_select(%x: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4,3],f32> {
  %d = torch.constant.int 0
  %0 = torch.aten.index_select %x, %d, %i : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[4],si64> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// embedding: indices [2, 3] into a [10, 4] table gives [2, 3, 4].
// CHECK-DAG:   #[[IDX:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @embedding(
// CHECK-SAME:      %[[W:[^:]*]]: tensor<10x4xf16>, %[[I:[^:]*]]: tensor<2x3xi64>
// CHECK:         linalg.generic {indexing_maps = [#[[IDX]], {{.*}}]{{.*}} ins(%[[I]] : tensor<2x3xi64>) outs(%{{.*}} : tensor<2x3x4xf16>)
// CHECK:           %[[P:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:           %[[D2:.*]] = linalg.index 2 : index
// CHECK:           tensor.extract %[[W]][%[[P]], %[[D2]]] : tensor<10x4xf16>
func.func @embedding(%w: !torch.vtensor<[10,4],f16>, %i: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2,3,4],f16> {
  %p = torch.constant.int -1
  %f = torch.constant.bool false
  %0 = torch.aten.embedding %w, %i, %p, %f, %f : !torch.vtensor<[10,4],f16>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,3,4],f16>
  return %0 : !torch.vtensor<[2,3,4],f16>
}

// -----

// gather along dim 1: out[i, j] = x[i, index[i, j]].
// CHECK-LABEL: func.func @gather(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<3x5xf32>, %[[I:[^:]*]]: tensor<3x2xi64>
// CHECK:         linalg.generic {{.*}} ins(%[[I]] : tensor<3x2xi64>) outs(%{{.*}} : tensor<3x2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:      %[[D0:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[P:.*]] = arith.index_cast %[[IN]] : i64 to index
// CHECK-NEXT:      %[[E:.*]] = tensor.extract %[[X]][%[[D0]], %[[P]]] : tensor<3x5xf32>
func.func @gather(%x: !torch.vtensor<[3,5],f32>, %i: !torch.vtensor<[3,2],si64>) -> !torch.vtensor<[3,2],f32> {
  %d = torch.constant.int 1
  %f = torch.constant.bool false
  %0 = torch.aten.gather %x, %d, %i, %f : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,2],si64>, !torch.bool -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}
