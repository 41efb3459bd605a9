// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// reflection_pad2d with padding (left 2, right −1, top 2, bottom 3): each
// padded dim splits into regions where the input coordinate is affine in
// the output's (H: top mirror reading rows 2, 1; the input; bottom mirror
// reading rows 2, 1, 0; W: left mirror reading columns 2, 1; the input
// cropped to 4 columns), and the output is assembled from their product:
// the input block is a slice of self, the others copy generics reading a
// slice of self through a reversing map. No gathers.
// CHECK-DAG:   #[[BOTH:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, -d2 + 1, -d3 + 1)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[ROWS:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, -d2 + 1, d3)>
// CHECK-LABEL: func.func @reflect2d(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<1x2x4x5xf32>) -> tensor<1x2x9x6xf32>
// CHECK:         %[[OUT:.*]] = tensor.empty() : tensor<1x2x9x6xf32>
// CHECK:         %[[C:.*]] = tensor.extract_slice %[[X]][0, 0, 1, 1] [1, 2, 2, 2] [1, 1, 1, 1] : tensor<1x2x4x5xf32> to tensor<1x2x2x2xf32>
// CHECK:         %[[CG:.*]] = linalg.generic {indexing_maps = [#[[BOTH]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[C]] : tensor<1x2x2x2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         %[[O1:.*]] = tensor.insert_slice %[[CG]] into %[[OUT]][0, 0, 0, 0] [1, 2, 2, 2] [1, 1, 1, 1]
// CHECK:         %[[T:.*]] = tensor.extract_slice %[[X]][0, 0, 1, 0] [1, 2, 2, 4] [1, 1, 1, 1]
// CHECK:         %[[TG:.*]] = linalg.generic {indexing_maps = [#[[ROWS]], #[[ID]]], {{.*}} ins(%[[T]] : tensor<1x2x2x4xf32>)
// CHECK:         tensor.insert_slice %[[TG]] into %[[O1]][0, 0, 0, 2] [1, 2, 2, 4] [1, 1, 1, 1]
// CHECK:         %[[MID:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 2, 4, 4] [1, 1, 1, 1]
// CHECK:         tensor.insert_slice %[[MID]] into %{{.*}}[0, 0, 2, 2] [1, 2, 4, 4] [1, 1, 1, 1]
// CHECK-NOT:     tensor.extract %
// CHECK:         %[[R:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 6, 2] [1, 2, 3, 4] [1, 1, 1, 1]
// CHECK-NEXT:    return %[[R]] : tensor<1x2x9x6xf32>
func.func @reflect2d(%x: !torch.vtensor<[1,2,4,5],f32>) -> !torch.vtensor<[1,2,9,6],f32> {
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %int3 = torch.constant.int 3
  %p = torch.prim.ListConstruct %int2, %int-1, %int2, %int3 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.reflection_pad2d %x, %p : !torch.vtensor<[1,2,4,5],f32>, !torch.list<int> -> !torch.vtensor<[1,2,9,6],f32>
  return %r : !torch.vtensor<[1,2,9,6],f32>
}

// -----

// replication_pad1d (any dtype: here int64) broadcasts the edge columns
// into the padding: a map with a constant coordinate.
// CHECK-DAG:   #[[EDGE:map[0-9]*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @replicate1d_i64(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<3x4xi64>) -> tensor<3x7xi64>
// CHECK:         %[[L:.*]] = tensor.extract_slice %[[X]][0, 0] [3, 1] [1, 1]
// CHECK:         %[[LG:.*]] = linalg.generic {indexing_maps = [#[[EDGE]], #{{.*}}], {{.*}} ins(%[[L]] : tensor<3x1xi64>) outs(%{{.*}} : tensor<3x2xi64>)
// CHECK:         %[[O1:.*]] = tensor.insert_slice %[[LG]] into %{{.*}}[0, 0] [3, 2] [1, 1]
// CHECK:         %[[O2:.*]] = tensor.insert_slice %[[X]] into %[[O1]][0, 2] [3, 4] [1, 1]
// CHECK:         %[[R:.*]] = tensor.extract_slice %[[X]][0, 3] [3, 1] [1, 1]
// CHECK:         %[[RG:.*]] = linalg.generic {indexing_maps = [#[[EDGE]], #{{.*}}], {{.*}} ins(%[[R]] : tensor<3x1xi64>) outs(%{{.*}} : tensor<3x1xi64>)
// CHECK:         tensor.insert_slice %[[RG]] into %[[O2]][0, 6] [3, 1] [1, 1]
func.func @replicate1d_i64(%x: !torch.vtensor<[3,4],si64>) -> !torch.vtensor<[3,7],si64> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %p = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.replication_pad1d %x, %p : !torch.vtensor<[3,4],si64>, !torch.list<int> -> !torch.vtensor<[3,7],si64>
  return %r : !torch.vtensor<[3,7],si64>
}

// -----

// reflection_pad1d_backward, padding (2, 1) on a length-5 input (8
// outputs): the input positions split into segments read by the same
// outputs: 0 by output 2 alone; 1..2 by the low mirror (outputs 1, 0:
// reversed) and outputs 3, 4; 3 by output 5 and the high mirror's output
// 7; 4 by output 6. Each segment is one window of the result, written
// once: a slice where one output reads it as it is, else a generic adding
// the reads in increasing output position (PyTorch's order).
// CHECK-DAG:   #[[REV:map[0-9]*]] = affine_map<(d0, d1) -> (d0, -d1 + 1)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[REV1:map[0-9]*]] = affine_map<(d0, d1) -> (d0, -d1)>
// CHECK-LABEL: func.func @reflect1d_bwd(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x8xf32>
// CHECK:         %[[S0:.*]] = tensor.extract_slice %[[DY]][0, 2] [2, 1] [1, 1]
// CHECK:         %[[O0:.*]] = tensor.insert_slice %[[S0]] into %{{.*}}[0, 0] [2, 1] [1, 1]
// CHECK:         %[[M:.*]] = tensor.extract_slice %[[DY]][0, 0] [2, 2] [1, 1]
// CHECK:         %[[D:.*]] = tensor.extract_slice %[[DY]][0, 3] [2, 2] [1, 1]
// CHECK:         %[[G1:.*]] = linalg.generic {indexing_maps = [#[[REV]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[M]], %[[D]] : tensor<2x2xf32>, tensor<2x2xf32>)
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[SUM]] : f32
// CHECK:         %[[O1:.*]] = tensor.insert_slice %[[G1]] into %[[O0]][0, 1] [2, 2] [1, 1]
// CHECK:         %[[D5:.*]] = tensor.extract_slice %[[DY]][0, 5] [2, 1] [1, 1]
// CHECK:         %[[M7:.*]] = tensor.extract_slice %[[DY]][0, 7] [2, 1] [1, 1]
// CHECK:         %[[G3:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[REV1]], #[[ID]]], {{.*}} ins(%[[D5]], %[[M7]] : tensor<2x1xf32>, tensor<2x1xf32>)
// CHECK:         %[[O3:.*]] = tensor.insert_slice %[[G3]] into %[[O1]][0, 3] [2, 1] [1, 1]
// CHECK:         %[[S4:.*]] = tensor.extract_slice %[[DY]][0, 6] [2, 1] [1, 1]
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[S4]] into %[[O3]][0, 4] [2, 1] [1, 1]
// CHECK-NEXT:    return %[[R]] : tensor<2x5xf32>
func.func @reflect1d_bwd(%dy: !torch.vtensor<[2,8],f32>, %x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %p = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.reflection_pad1d_backward %dy, %x, %p : !torch.vtensor<[2,8],f32>, !torch.vtensor<[2,5],f32>, !torch.list<int> -> !torch.vtensor<[2,5],f32>
  return %r : !torch.vtensor<[2,5],f32>
}

// -----

// replication_pad1d_backward of bf16, padding (1, 2) on a length-5 input:
// the edge positions sum the runs that read them (position 0: outputs 0
// and 1; position 4: outputs 5 to 7) as a reduction from zero, in f32;
// positions 1..3 are outputs 2..4 as they are; then one rounding to bf16.
// CHECK-DAG:   #[[SPAN:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[EDGE:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @replicate1d_bwd_bf16(
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<3x8xbf16>) outs(%{{.*}} : tensor<3x8xf32>)
// CHECK:           arith.extf
// CHECK:         %[[LO:.*]] = tensor.extract_slice %[[G]][0, 0] [3, 2] [1, 1]
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x1xf32>)
// CHECK:         %[[L:.*]] = linalg.generic {indexing_maps = [#[[SPAN]], #[[EDGE]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[LO]] : tensor<3x2xf32>) outs(%[[Z]] : tensor<3x1xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[IN]] : f32
// CHECK:         %[[O0:.*]] = tensor.insert_slice %[[L]] into %{{.*}}[0, 0] [3, 1] [1, 1]
// CHECK:         %[[MID:.*]] = tensor.extract_slice %[[G]][0, 2] [3, 3] [1, 1]
// CHECK:         %[[O1:.*]] = tensor.insert_slice %[[MID]] into %[[O0]][0, 1] [3, 3] [1, 1]
// CHECK:         %[[HI:.*]] = tensor.extract_slice %[[G]][0, 5] [3, 3] [1, 1]
// CHECK:         %[[H:.*]] = linalg.generic {indexing_maps = [#[[SPAN]], #[[EDGE]]], {{.*}} ins(%[[HI]] : tensor<3x3xf32>)
// CHECK:         %[[O2:.*]] = tensor.insert_slice %[[H]] into %[[O1]][0, 4] [3, 1] [1, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[O2]] : tensor<3x5xf32>) outs(%{{.*}} : tensor<3x5xbf16>)
// CHECK:           arith.truncf
func.func @replicate1d_bwd_bf16(%dy: !torch.vtensor<[3,8],bf16>, %x: !torch.vtensor<[3,5],bf16>) -> !torch.vtensor<[3,5],bf16> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %p = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.replication_pad1d_backward %dy, %x, %p : !torch.vtensor<[3,8],bf16>, !torch.vtensor<[3,5],bf16>, !torch.list<int> -> !torch.vtensor<[3,5],bf16>
  return %r : !torch.vtensor<[3,5],bf16>
}
