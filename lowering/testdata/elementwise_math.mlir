// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// clamp is std::min(std::max(x, lo), hi) in the result dtype: type
// promotion made this integer tensor clamped to a float bound an f32. A
// constant bound needs no NaN check; a NaN x stays NaN (the ordered
// compare is false and the select keeps x).
// CHECK-LABEL: func.func @clamp_int_float_bound(
// CHECK:         %[[LO:.*]] = arith.constant 2.500000e+00 : f32
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:      %[[XF:.*]] = arith.sitofp %[[X]] : i64 to f32
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpf olt, %[[XF]], %[[LO]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[LT]], %[[LO]], %[[XF]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @clamp_int_float_bound(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],f32> {
  %lo = torch.constant.float 2.500000e+00
  %none = torch.constant.none
  %0 = torch.aten.clamp %a, %lo, %none : !torch.vtensor<[4],si64>, !torch.float, !torch.none -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// maximum propagates a NaN from either side.
// CHECK-LABEL: func.func @maximum(
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.select %[[LT]], %[[B]], %[[A]] : f32
// CHECK-NEXT:      %[[BN:.*]] = arith.cmpf uno, %[[B]], %[[B]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[BN]], %[[B]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @maximum(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.maximum %a, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// round is half to even, computed in f32 for f16 (exact); an integer
// tensor is its own rounding.
// CHECK-LABEL: func.func @round(
// CHECK-SAME:      %{{[^:]*}}: tensor<4xf16>, %[[I:[^:]*]]: tensor<4xi32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT:      math.roundeven %{{.*}} : f32
// CHECK-NEXT:      arith.truncf %{{.*}} : f32 to f16
// CHECK:         return %{{.*}}, %[[I]]
func.func @round(%a: !torch.vtensor<[4],f16>, %i: !torch.vtensor<[4],si32>) -> (!torch.vtensor<[4],f16>, !torch.vtensor<[4],si32>) {
  %0 = torch.aten.round %a : !torch.vtensor<[4],f16> -> !torch.vtensor<[4],f16>
  %1 = torch.aten.round %i : !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  return %0, %1 : !torch.vtensor<[4],f16>, !torch.vtensor<[4],si32>
}

// -----

// sign is (0 < x) − (x < 0): NaN and ±0 give +0.
// CHECK-LABEL: func.func @sign(
// CHECK:           %[[LT:.*]] = arith.cmpf olt
// CHECK:           %[[NEG:.*]] = arith.select %[[LT]]
// CHECK:           %[[GT:.*]] = arith.cmpf ogt
// CHECK:           arith.select %[[GT]], %{{.*}}, %[[NEG]] : f32
func.func @sign(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sign %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// erf, reciprocal: float results; an integer input is converted first.
// CHECK-LABEL: func.func @erf_reciprocal(
// CHECK:           math.erf %{{.*}} : f32
// CHECK:           %[[XF:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      arith.divf %[[ONE]], %[[XF]] : f32
func.func @erf_reciprocal(%a: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %0 = torch.aten.erf %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.reciprocal %i : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// silu is x / (1 + exp(-x)), ATen's CPU formula; masked_fill.Tensor
// selects its 0-d value (converted to self's dtype, read with the empty
// map) where the mask is set.
// CHECK-DAG:   #[[SCALAR:map[0-9]*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @silu_masked_fill_tensor(
// CHECK:           %[[NX:.*]] = arith.negf %[[X:.*]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[NX]] : f32
// CHECK:           %[[D:.*]] = arith.addf %{{.*}}, %[[E]] : f32
// CHECK-NEXT:      arith.divf %[[X]], %[[D]] : f32
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[SCALAR]], #{{.*}}]
// CHECK:           %[[V:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT:      arith.select %{{.*}}, %[[V]], %{{.*}} : f32
func.func @silu_masked_fill_tensor(%a: !torch.vtensor<[4],f32>, %m: !torch.vtensor<[4],i1>, %v: !torch.vtensor<[],f64>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %0 = torch.aten.silu %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.masked_fill.Tensor %a, %m, %v : !torch.vtensor<[4],f32>, !torch.vtensor<[4],i1>, !torch.vtensor<[],f64> -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// tril keeps column - row <= diagonal over the last two dims (the loop
// indices of the generic, from linalg.index) and zeroes the rest.
// CHECK-LABEL: func.func @tril(
// CHECK:           %[[ROW:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[COL:.*]] = linalg.index 2 : index
// CHECK-NEXT:      %[[D:.*]] = arith.constant -1 : index
// CHECK-NEXT:      %[[DIFF:.*]] = arith.subi %[[COL]], %[[ROW]] : index
// CHECK-NEXT:      %[[KEEP:.*]] = arith.cmpi sle, %[[DIFF]], %[[D]] : index
// CHECK:           arith.select %[[KEEP]], %{{.*}}, %{{.*}} : f32
func.func @tril(%a: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.tril %a, %int-1 : !torch.vtensor<[2,3,4],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// A Python scalar multiplier or divisor of a bf16 tensor stays an f32
// constant, as PyTorch ≥ 2.1's mul and div kernels read it (1.004, not
// its bf16 rounding); add still rounds its scalar to bf16 (1.0078125).
// CHECK-LABEL: func.func @bf16_scalar_opmath(
// CHECK:         arith.constant 1.004000e+00 : f32
// CHECK:         arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK:         arith.constant 1.0078125 : f32
// CHECK:         arith.addf %{{.*}}, %{{.*}} : f32
func.func @bf16_scalar_opmath(%a: !torch.vtensor<[4],bf16>) -> !torch.vtensor<[4],bf16> {
  %s = torch.constant.float 1.004000e+00
  %int1 = torch.constant.int 1
  %0 = torch.aten.mul.Scalar %a, %s : !torch.vtensor<[4],bf16>, !torch.float -> !torch.vtensor<[4],bf16>
  %1 = torch.aten.add.Scalar %0, %s, %int1 : !torch.vtensor<[4],bf16>, !torch.float, !torch.int -> !torch.vtensor<[4],bf16>
  return %1 : !torch.vtensor<[4],bf16>
}
