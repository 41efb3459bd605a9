// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// The signature becomes builtin tensors (the backend contract); a function
// with no torch op still has its boundary converted. si64 becomes the
// signless i64.
// CHECK-LABEL: func.func @identity(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<2x?xf32>, %[[B:[^:]*]]: tensor<3xi64>) -> (tensor<2x?xf32>, tensor<3xi64>)
// CHECK-NEXT:    return %[[A]], %[[B]] : tensor<2x?xf32>, tensor<3xi64>
func.func @identity(%a: !torch.vtensor<[2,?],f32>, %b: !torch.vtensor<[3],si64>) -> (!torch.vtensor<[2,?],f32>, !torch.vtensor<[3],si64>) {
  return %a, %b : !torch.vtensor<[2,?],f32>, !torch.vtensor<[3],si64>
}

// -----

// torch.vtensor.literal becomes arith.constant; unused torch constants and
// lists are erased.
// CHECK-LABEL: func.func @literal() -> tensor<2xf32>
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    return %[[C]] : tensor<2xf32>
// CHECK-NOT:     torch.
func.func @literal() -> !torch.vtensor<[2],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %1 = torch.vtensor.literal(dense<[1.0, 2.0]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  return %1 : !torch.vtensor<[2],f32>
}

// -----

// Calls between converted functions get the converted result types.
// CHECK-LABEL: func.func @callee(
// CHECK-SAME:      %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: func.func @caller(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]] = call @callee(%[[A]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<4xf32>
func.func @callee(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  return %a : !torch.vtensor<[4],f32>
}
func.func @caller(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = call @callee(%a) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// A None the program returns stays a torch.constant.none with a !torch.none
// result, the one torch type allowed at the boundary.
// CHECK-LABEL: func.func @returns_none() -> !torch.none
// CHECK-NEXT:    %[[N:.*]] = torch.constant.none
// CHECK-NEXT:    return %[[N]] : !torch.none
func.func @returns_none() -> !torch.none {
  %none = torch.constant.none
  return %none : !torch.none
}

// -----

// fx_importer writes int64 literals with a signed element type; the
// constant they lower to is signless, with the same bytes.
// CHECK-LABEL: func.func @int_literal() -> tensor<2xi64>
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<[3, -1]> : tensor<2xi64>
// CHECK-NEXT:    return %[[C]] : tensor<2xi64>
func.func @int_literal() -> !torch.vtensor<[2],si64> {
  %0 = torch.vtensor.literal(dense<[3, -1]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}
