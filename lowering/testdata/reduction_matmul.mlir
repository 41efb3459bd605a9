// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// mm is linalg.matmul into a zero-filled accumulator.
// CHECK-LABEL: func.func @mm(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4x6xf32>, %[[B:[^:]*]]: tensor<6x5xf32>) -> tensor<4x5xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<4x5xf32>
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<4x5xf32>)
// CHECK:         %[[P:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x6xf32>, tensor<6x5xf32>) outs(%[[INIT]] : tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT:    return %[[P]] : tensor<4x5xf32>
func.func @mm(%a: !torch.vtensor<[4,6],f32>, %b: !torch.vtensor<[6,5],f32>) -> !torch.vtensor<[4,5],f32> {
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[4,6],f32>, !torch.vtensor<[6,5],f32> -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// bf16 operands accumulate in f32 (the named op extends them) and the
// product is truncated once.
// CHECK-LABEL: func.func @mm_bf16(
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK:         %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x6xbf16>, tensor<6x5xbf16>) outs(%[[INIT]] : tensor<4x5xf32>)
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<4x5xf32>) outs(%{{.*}} : tensor<4x5xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return %[[T]] : tensor<4x5xbf16>
func.func @mm_bf16(%a: !torch.vtensor<[4,6],bf16>, %b: !torch.vtensor<[6,5],bf16>) -> !torch.vtensor<[4,5],bf16> {
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[4,6],bf16>, !torch.vtensor<[6,5],bf16> -> !torch.vtensor<[4,5],bf16>
  return %0 : !torch.vtensor<[4,5],bf16>
}

// -----

// bmm is linalg.batch_matmul.
// CHECK-LABEL: func.func @bmm(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<3x4x5xf32>, %[[B:[^:]*]]: tensor<3x5x2xf32>) -> tensor<3x4x2xf32>
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x4x2xf32>)
// CHECK:         %[[P:.*]] = linalg.batch_matmul ins(%[[A]], %[[B]] : tensor<3x4x5xf32>, tensor<3x5x2xf32>) outs(%[[INIT]] : tensor<3x4x2xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT:    return %[[P]]
func.func @bmm(%a: !torch.vtensor<[3,4,5],f32>, %b: !torch.vtensor<[3,5,2],f32>) -> !torch.vtensor<[3,4,2],f32> {
  %0 = torch.aten.bmm %a, %b : !torch.vtensor<[3,4,5],f32>, !torch.vtensor<[3,5,2],f32> -> !torch.vtensor<[3,4,2],f32>
  return %0 : !torch.vtensor<[3,4,2],f32>
}

// -----

// bmm of f16 accumulates in f32 and truncates once.
// CHECK-LABEL: func.func @bmm_f16(
// CHECK:         %[[P:.*]] = linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x3x8xf16>, tensor<2x8x4xf16>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[P]] : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<2x3x4xf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to f16
func.func @bmm_f16(%a: !torch.vtensor<[2,3,8],f16>, %b: !torch.vtensor<[2,8,4],f16>) -> !torch.vtensor<[2,3,4],f16> {
  %0 = torch.aten.bmm %a, %b : !torch.vtensor<[2,3,8],f16>, !torch.vtensor<[2,8,4],f16> -> !torch.vtensor<[2,3,4],f16>
  return %0 : !torch.vtensor<[2,3,4],f16>
}

// -----

// addmm with the default beta = alpha = 1 (the nn.Linear form): the bias
// [N] is broadcast over the rows (map (d0, d1) -> (d1)) and added, with no
// multiplications.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @addmm_linear(
// CHECK-SAME:      %[[BIAS:[^:]*]]: tensor<5xf32>, %[[A:[^:]*]]: tensor<4x3xf32>, %[[B:[^:]*]]: tensor<3x5xf32>)
// CHECK:         %[[P:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x3xf32>, tensor<3x5xf32>)
// CHECK:         %[[Y:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[P]], %[[BIAS]] : tensor<4x5xf32>, tensor<5xf32>) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK-NEXT:    ^bb0(%[[PV:.*]]: f32, %[[BV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[PV]], %[[BV]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[Y]]
func.func @addmm_linear(%bias: !torch.vtensor<[5],f32>, %a: !torch.vtensor<[4,3],f32>, %b: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[4,5],f32> {
  %int1 = torch.constant.int 1
  %int1_0 = torch.constant.int 1
  %0 = torch.aten.addmm %bias, %a, %b, %int1, %int1_0 : !torch.vtensor<[5],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[3,5],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// beta = 2.0 and alpha = 0.5 are folded into the epilogue as
// alpha·(A·B) + beta·self; a [M, 1] self is read at column 0.
// CHECK-DAG:   #[[COL:map[0-9]*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @addmm_scaled(
// CHECK:         %[[P:.*]] = linalg.matmul
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[COL]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[P]], %{{.*}} : tensor<4x5xf32>, tensor<4x1xf32>)
// CHECK-NEXT:    ^bb0(%[[PV:.*]]: f32, %[[BV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ALPHA:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:      %[[AP:.*]] = arith.mulf %[[ALPHA]], %[[PV]] : f32
// CHECK-NEXT:      %[[BETA:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:      %[[BB:.*]] = arith.mulf %[[BETA]], %[[BV]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[AP]], %[[BB]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @addmm_scaled(%bias: !torch.vtensor<[4,1],f32>, %a: !torch.vtensor<[4,3],f32>, %b: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[4,5],f32> {
  %beta = torch.constant.float 2.000000e+00
  %alpha = torch.constant.float 5.000000e-01
  %0 = torch.aten.addmm %bias, %a, %b, %beta, %alpha : !torch.vtensor<[4,1],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[3,5],f32>, !torch.float, !torch.float -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// beta = 0: self is not read at all (ATen ignores it, NaN included).
// CHECK-LABEL: func.func @addmm_beta0(
// CHECK:         %[[P:.*]] = linalg.matmul
// CHECK:         linalg.generic {{.*}} ins(%[[P]] : tensor<4x5xf32>) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK-NEXT:    ^bb0(%[[PV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ALPHA:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:      %[[AP:.*]] = arith.mulf %[[ALPHA]], %[[PV]] : f32
// CHECK-NEXT:      linalg.yield %[[AP]] : f32
func.func @addmm_beta0(%bias: !torch.vtensor<[4,5],f32>, %a: !torch.vtensor<[4,3],f32>, %b: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[4,5],f32> {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %0 = torch.aten.addmm %bias, %a, %b, %int0, %int3 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[3,5],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// addmm of f16 with a 0-d self: the bias is extended and added to the f32
// product, and the sum is truncated once.
// CHECK-DAG:   #[[SCALAR:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @addmm_f16_scalar_bias(
// CHECK:         %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x3xf16>, tensor<3x5xf16>) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[SCALAR]], #{{.*}}], {{.*}} ins(%[[P]], %{{.*}} : tensor<4x5xf32>, tensor<f16>) outs(%{{.*}} : tensor<4x5xf16>)
// CHECK-NEXT:    ^bb0(%[[PV:.*]]: f32, %[[BV:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT:      %[[BE:.*]] = arith.extf %[[BV]] : f16 to f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[PV]], %[[BE]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[S]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[T]] : f16
func.func @addmm_f16_scalar_bias(%bias: !torch.vtensor<[],f16>, %a: !torch.vtensor<[4,3],f16>, %b: !torch.vtensor<[3,5],f16>) -> !torch.vtensor<[4,5],f16> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.addmm %bias, %a, %b, %int1, %int1 : !torch.vtensor<[],f16>, !torch.vtensor<[4,3],f16>, !torch.vtensor<[3,5],f16>, !torch.int, !torch.int -> !torch.vtensor<[4,5],f16>
  return %0 : !torch.vtensor<[4,5],f16>
}
