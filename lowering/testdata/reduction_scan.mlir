// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// cumsum along a short dim is one generic with a last, reduction loop j
// over dim: out[i0, i1] adds x[i0, j] where j <= i1. f32 adds in f64
// (ATen's CPU accumulator) and rounds once per element.
// CHECK-DAG:   #[[IN:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @cumsum_f32(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f64) outs(%{{.*}} : tensor<2x3xf64>)
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[INIT]] : tensor<2x3xf64>)
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f32, %[[ACC:.*]]: f64):
// CHECK-NEXT:      %[[J:.*]] = linalg.index 2 : index
// CHECK-NEXT:      %[[I:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[UPTO:.*]] = arith.cmpi ule, %[[J]], %[[I]] : index
// CHECK-NEXT:      %[[E:.*]] = arith.extf %[[V]] : f32 to f64
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[ACC]], %[[E]] : f64
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[UPTO]], %[[SUM]], %[[ACC]] : f64
// CHECK-NEXT:      linalg.yield %[[R]] : f64
// CHECK:         %[[OUTV:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<2x3xf64>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:           arith.truncf %{{.*}} : f64 to f32
// CHECK:         return %[[OUTV]] : tensor<2x3xf32>
// CHECK-NOT:     torch.
func.func @cumsum_f32(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int-1 = torch.constant.int -1
  %none = torch.constant.none
  %0 = torch.aten.cumsum %x, %int-1, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// bf16 adds in f32; an si32 input promotes to int64 and needs no rounding.
// CHECK-LABEL: func.func @cumsum_bf16_si32(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<3x4xbf16>) outs(%{{.*}} : tensor<3x4xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<3x4xf32>) outs(%{{.*}} : tensor<3x4xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         %[[I:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<4x2xi32>) outs(%{{.*}} : tensor<4x2xi64>)
// CHECK:           arith.extsi %{{.*}} : i32 to i64
// CHECK-NOT:     linalg.generic
// CHECK:         return %{{.*}}, %[[I]] : tensor<3x4xbf16>, tensor<4x2xi64>
func.func @cumsum_bf16_si32(%x: !torch.vtensor<[3,4],bf16>, %y: !torch.vtensor<[4,2],si32>) -> (!torch.vtensor<[3,4],bf16>, !torch.vtensor<[4,2],si64>) {
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.cumsum %x, %int0, %none : !torch.vtensor<[3,4],bf16>, !torch.int, !torch.none -> !torch.vtensor<[3,4],bf16>
  %1 = torch.aten.cumsum %y, %int0, %none : !torch.vtensor<[4,2],si32>, !torch.int, !torch.none -> !torch.vtensor<[4,2],si64>
  return %0, %1 : !torch.vtensor<[3,4],bf16>, !torch.vtensor<[4,2],si64>
}

// -----

// Past scanDirectMaxExtent (128) the scan takes ⌈log2 n⌉ doubling steps:
// each adds a copy shifted by 1, 2, 4, ... (an extract_slice of the head
// padded with zeros in front). The first step converts the bool input to
// int64; 129 needs 8 steps.
// CHECK-LABEL: func.func @cumsum_long_bool(
// CHECK:         %[[H1:.*]] = tensor.extract_slice %{{.*}}[0, 0] [2, 128] [1, 1] : tensor<2x129xi1> to tensor<2x128xi1>
// CHECK:         %[[P1:.*]] = tensor.pad %[[H1]] low[0, 1] high[0, 0]
// CHECK:         %[[A1:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %[[P1]] : tensor<2x129xi1>, tensor<2x129xi1>) outs(%{{.*}} : tensor<2x129xi64>)
// CHECK:           arith.extui %{{.*}} : i1 to i64
// CHECK:           arith.extui %{{.*}} : i1 to i64
// CHECK:           arith.addi %{{.*}}, %{{.*}} : i64
// CHECK:         tensor.extract_slice %[[A1]][0, 0] [2, 127] [1, 1]
// CHECK:         tensor.pad %{{.*}} low[0, 2] high[0, 0]
// CHECK-COUNT-6: tensor.pad
// CHECK-NOT:     tensor.pad
// CHECK:         return %{{.*}} : tensor<2x129xi64>
func.func @cumsum_long_bool(%x: !torch.vtensor<[2,129],i1>) -> !torch.vtensor<[2,129],si64> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %0 = torch.aten.cumsum %x, %int1, %none : !torch.vtensor<[2,129],i1>, !torch.int, !torch.none -> !torch.vtensor<[2,129],si64>
  return %0 : !torch.vtensor<[2,129],si64>
}

// -----

// A 0-d tensor (dim 0 or -1) is its own cumsum: a conversion at most.
// CHECK-LABEL: func.func @cumsum_0d(
// CHECK:         linalg.generic {{.*}} iterator_types = []} ins(%{{.*}} : tensor<i32>) outs(%{{.*}} : tensor<i64>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i32, %{{.*}}: i64):
// CHECK-NEXT:      %[[E:.*]] = arith.extsi %[[IN]] : i32 to i64
// CHECK-NEXT:      linalg.yield %[[E]] : i64
func.func @cumsum_0d(%x: !torch.vtensor<[],si32>) -> !torch.vtensor<[],si64> {
  %int-1 = torch.constant.int -1
  %none = torch.constant.none
  %0 = torch.aten.cumsum %x, %int-1, %none : !torch.vtensor<[],si32>, !torch.int, !torch.none -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}
