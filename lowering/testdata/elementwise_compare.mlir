// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// Comparisons give bool and compare in the operands' common dtype. relu's
// backward as torch.export's core decompositions write it: le.Scalar of an
// f32 tensor against the Python int 0 compares in f32, ordered (a NaN is
// not <= 0).
// CHECK-LABEL: func.func @le_scalar_int_threshold(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3xi1>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:      %[[C:.*]] = arith.cmpf ole, %[[X]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[C]] : i1
func.func @le_scalar_int_threshold(%a: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],i1> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.le.Scalar %a, %int0 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],i1>
  return %0 : !torch.vtensor<[2,3],i1>
}

// -----

// si32 against f16 promotes to f16 (the int is rounded to f16 first,
// through f32 as c10::Half(float(x))), and the f16 values compare in f32,
// which is exact.
// CHECK-LABEL: func.func @lt_tensor_int_f16(
// CHECK:         ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: f16, %{{.*}}: i1):
// CHECK-NEXT:      %[[XS:.*]] = arith.sitofp %[[X]] : i32 to f32
// CHECK-NEXT:      %[[XH:.*]] = arith.truncf %[[XS]] : f32 to f16
// CHECK-NEXT:      %[[XF:.*]] = arith.extf %[[XH]] : f16 to f32
// CHECK-NEXT:      %[[YF:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK-NEXT:      %[[C:.*]] = arith.cmpf olt, %[[XF]], %[[YF]] : f32
// CHECK-NEXT:      linalg.yield %[[C]] : i1
func.func @lt_tensor_int_f16(%a: !torch.vtensor<[4],si32>, %b: !torch.vtensor<[4],f16>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.lt.Tensor %a, %b : !torch.vtensor<[4],si32>, !torch.vtensor<[4],f16> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// A float Scalar against an integer tensor compares in the default float
// dtype, f32.
// CHECK-LABEL: func.func @ge_scalar_float_int_tensor(
// CHECK:         %[[S:.*]] = arith.constant 2.500000e+00 : f32
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: i1):
// CHECK-NEXT:      %[[XF:.*]] = arith.sitofp %[[X]] : i64 to f32
// CHECK-NEXT:      %[[C:.*]] = arith.cmpf oge, %[[XF]], %[[S]] : f32
func.func @ge_scalar_float_int_tensor(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],i1> {
  %f = torch.constant.float 2.500000e+00
  %0 = torch.aten.ge.Scalar %a, %f : !torch.vtensor<[4],si64>, !torch.float -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// A zero-dim tensor of the same category does not widen a dimensioned one:
// ui8 against an si64 scalar tensor compares in ui8, unsigned.
// CHECK-LABEL: func.func @gt_tensor_zero_dim_u8(
// CHECK:         ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i64, %{{.*}}: i1):
// CHECK-NEXT:      %[[YT:.*]] = arith.trunci %[[Y]] : i64 to i8
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi ugt, %[[X]], %[[YT]] : i8
func.func @gt_tensor_zero_dim_u8(%a: !torch.vtensor<[4],ui8>, %b: !torch.vtensor<[],si64>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.gt.Tensor %a, %b : !torch.vtensor<[4],ui8>, !torch.vtensor<[],si64> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// eq and ne have no signedness; ne of floats is unordered (NaN != NaN).
// CHECK-LABEL: func.func @ne_eq(
// CHECK:         arith.cmpi ne, %{{.*}}, %{{.*}} : i1
// CHECK:         arith.cmpf une, %{{.*}}, %{{.*}} : f32
// CHECK:         arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
func.func @ne_eq(%a: !torch.vtensor<[4],i1>, %b: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) {
  %t = torch.constant.bool true
  %0 = torch.aten.ne.Scalar %a, %t : !torch.vtensor<[4],i1>, !torch.bool -> !torch.vtensor<[4],i1>
  %1 = torch.aten.ne.Tensor %b, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  %2 = torch.aten.eq.Tensor %b, %a : !torch.vtensor<[4],f32>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %0, %1, %2 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>
}

// -----

// logical_and/or/not read each operand as bool (x != 0); bitwise_not is
// xor with -1; isnan is cmpf uno of x with itself.
// CHECK-LABEL: func.func @logic(
// CHECK:         arith.cmpf une
// CHECK:         arith.cmpi ne
// CHECK:         arith.andi %{{.*}}, %{{.*}} : i1
// CHECK:         arith.ori %{{.*}}, %{{.*}} : i1
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK-NEXT:    arith.xori %{{.*}}, %[[T]] : i1
// CHECK:         %[[M:.*]] = arith.constant -1 : i64
// CHECK-NEXT:    arith.xori %{{.*}}, %[[M]] : i64
// CHECK:         arith.cmpf uno, %[[N:.*]], %[[N]] : f32
func.func @logic(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],i1>) {
  %0 = torch.aten.logical_and %a, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],i1>
  %1 = torch.aten.logical_or %b, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],i1>
  %2 = torch.aten.logical_not %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  %3 = torch.aten.bitwise_not %b : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  %4 = torch.aten.isnan %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],i1>
}

// -----

// A Python number passed as a tensor (torch.prim.NumToTensor) promotes as
// a Python scalar: si64 against the float 16777217.0 compares in f32, as
// PyTorch does, not in f64.
// CHECK-LABEL: func.func @eq_number_as_tensor(
// CHECK:         arith.sitofp %{{.*}} : i64 to f32
// CHECK:         arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
func.func @eq_number_as_tensor(%a: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2],i1> {
  %f = torch.constant.float 1.677721700e+07
  %t = torch.prim.NumToTensor.Scalar %f : !torch.float -> !torch.vtensor<[],f64>
  %0 = torch.aten.eq.Tensor %a, %t : !torch.vtensor<[2],si64>, !torch.vtensor<[],f64> -> !torch.vtensor<[2],i1>
  return %0 : !torch.vtensor<[2],i1>
}
