// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// any reduces x != 0 (a NaN counts as true, cmpf une) with or from false.
// CHECK-LABEL: func.func @any_dim(
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[F]] : i1) outs(%{{.*}} : tensor<4xi1>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<4x3xf32>) outs(%[[INIT]] : tensor<4xi1>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: i1):
// CHECK:           %[[NZ:.*]] = arith.cmpf une, %[[X]], %{{.*}} : f32
// CHECK-NEXT:      %[[R:.*]] = arith.ori %[[ACC]], %[[NZ]] : i1
// CHECK-NEXT:      linalg.yield %[[R]] : i1
func.func @any_dim(%a: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[4],i1> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.aten.any.dim %a, %int1, %false : !torch.vtensor<[4,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// all ands from true; a uint8 input gives a uint8 result, as in PyTorch.
// CHECK-LABEL: func.func @all_ui8(
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         arith.andi
// CHECK:         arith.extui %{{.*}} : i1 to i8
func.func @all_ui8(%a: !torch.vtensor<[3,2],ui8>) -> !torch.vtensor<[],ui8> {
  %0 = torch.aten.all %a : !torch.vtensor<[3,2],ui8> -> !torch.vtensor<[],ui8>
  return %0 : !torch.vtensor<[],ui8>
}
