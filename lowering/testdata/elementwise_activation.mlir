// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// hardswish is x · min(max(x + 3, 0), 6) / 6 in ATen's order, computed in
// f32 for bf16 and rounded once.
// CHECK-LABEL: func.func @hardswish_bf16(
// CHECK:         ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT:      %[[XF:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK:           %[[S:.*]] = arith.addf %[[XF]], %{{.*}} : f32
// CHECK:           %[[P:.*]] = arith.mulf %[[XF]], %{{.*}} : f32
// CHECK:           %[[D:.*]] = arith.divf %[[P]], %{{.*}} : f32
// CHECK-NEXT:      %[[R:.*]] = arith.truncf %[[D]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[R]] : bf16
func.func @hardswish_bf16(%a: !torch.vtensor<[4],bf16>) -> !torch.vtensor<[4],bf16> {
  %0 = torch.aten.hardswish %a : !torch.vtensor<[4],bf16> -> !torch.vtensor<[4],bf16>
  return %0 : !torch.vtensor<[4],bf16>
}

// -----

// hardsigmoid_backward multiplies by 1.0f / 6.0f even in f64, as ATen's
// kernel does (scalar_t one_sixth(1.0f / 6.0f)).
// CHECK-LABEL: func.func @hardsigmoid_backward_f64(
// CHECK-DAG:       arith.constant 0.1666666716337204 : f64
// CHECK-DAG:       arith.cmpf ogt, %{{.*}}, %{{.*}} : f64
// CHECK-DAG:       arith.cmpf olt, %{{.*}}, %{{.*}} : f64
func.func @hardsigmoid_backward_f64(%g: !torch.vtensor<[4],f64>, %x: !torch.vtensor<[4],f64>) -> !torch.vtensor<[4],f64> {
  %0 = torch.aten.hardsigmoid_backward %g, %x : !torch.vtensor<[4],f64>, !torch.vtensor<[4],f64> -> !torch.vtensor<[4],f64>
  return %0 : !torch.vtensor<[4],f64>
}

// -----

// ReLU6 is hardtanh(x, 0, 6): clamp's body, the integer bounds converted
// to the f32 result.
// CHECK-LABEL: func.func @relu6(
// CHECK-DAG:     arith.constant 0.000000e+00 : f32
// CHECK-DAG:     arith.constant 6.000000e+00 : f32
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[LT:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
// CHECK-NEXT:      %[[M:.*]] = arith.select %[[LT]], %{{.*}}, %[[X]] : f32
// CHECK-NEXT:      %[[GT:.*]] = arith.cmpf olt, %{{.*}}, %[[M]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[GT]], %{{.*}}, %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @relu6(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int0 = torch.constant.int 0
  %int6 = torch.constant.int 6
  %0 = torch.aten.hardtanh %a, %int0, %int6 : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Dropout in eval mode is the input itself: no IR.
// CHECK-LABEL: func.func @dropout_eval(
// CHECK-SAME:      %[[A:.*]]: tensor<4xf32>)
// CHECK-NEXT:    return %[[A]] : tensor<4xf32>
func.func @dropout_eval(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %p = torch.constant.float 1.000000e-01
  %false = torch.constant.bool false
  %0 = torch.aten.dropout %a, %p, %false : !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// lerp with a weight of at least 0.5 is end − (end − self)·(1 − w), one
// fused multiply-add as PyTorch's compiled kernel computes it.
// CHECK-LABEL: func.func @lerp(
// CHECK:         ^bb0(%[[S:.*]]: f32, %[[E:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[E]], %[[S]] : f32
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[D]] : f32
// CHECK:           %[[R:.*]] = math.fma %[[N]], %{{.*}}, %[[E]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @lerp(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %w = torch.constant.float 7.500000e-01
  %0 = torch.aten.lerp.Scalar %a, %b, %w : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Index arithmetic: x // 4 of an int64 tensor is arith.floordivsi, x % 4
// Python's modulo (the C remainder, plus 4 where its sign differs).
// CHECK-LABEL: func.func @index_arith(
// CHECK:           arith.floordivsi %{{.*}}, %{{.*}} : i64
// CHECK:           %[[M:.*]] = arith.remsi %{{.*}}, %{{.*}} : i64
// CHECK:           %[[F:.*]] = arith.addi %[[M]], %{{.*}} : i64
// CHECK:           arith.select %{{.*}}, %[[F]], %[[M]] : i64
func.func @index_arith(%a: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>) {
  %int4 = torch.constant.int 4
  %floor = torch.constant.str "floor"
  %0 = torch.aten.div.Scalar_mode %a, %int4, %floor : !torch.vtensor<[4],si64>, !torch.int, !torch.str -> !torch.vtensor<[4],si64>
  %1 = torch.aten.remainder.Scalar %a, %int4 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
  return %0, %1 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
}

// -----

// fill.Scalar is full_like: the value cast to the int32 dtype (2.7 → 2).
// CHECK-LABEL: func.func @fill(
// CHECK:         %[[C:.*]] = arith.constant 2 : i32
// CHECK:         linalg.fill ins(%[[C]] : i32)
func.func @fill(%a: !torch.vtensor<[4],si32>) -> !torch.vtensor<[4],si32> {
  %v = torch.constant.float 2.700000e+00
  %0 = torch.aten.fill.Scalar %a, %v : !torch.vtensor<[4],si32>, !torch.float -> !torch.vtensor<[4],si32>
  return %0 : !torch.vtensor<[4],si32>
}

// -----

// An f16 threshold compares in f32 with the bound as given (0.10009, which
// f16 would round to 0.10009765625), as PyTorch 2.x converts it.
// CHECK-LABEL: func.func @threshold_f16(
// CHECK:         %[[T:.*]] = arith.constant 1.000900e-01 : f32
// CHECK:         ^bb0(%[[X:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT:      %[[XF:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:      arith.cmpf ole, %[[XF]], %[[T]] : f32
func.func @threshold_f16(%a: !torch.vtensor<[4],f16>) -> !torch.vtensor<[4],f16> {
  %t = torch.constant.float 1.000900e-01
  %v = torch.constant.float 5.000000e+00
  %0 = torch.aten.threshold %a, %t, %v : !torch.vtensor<[4],f16>, !torch.float, !torch.float -> !torch.vtensor<[4],f16>
  return %0 : !torch.vtensor<[4],f16>
}

// -----

// An int64 x // -1 negates without dividing (the most negative value would
// overflow the division); x % -1 is 0.
// CHECK-LABEL: func.func @divide_by_minus_one(
// CHECK-NOT:       arith.floordivsi
// CHECK-NOT:       arith.remsi
// CHECK:           arith.subi
func.func @divide_by_minus_one(%a: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>) {
  %m1 = torch.constant.int -1
  %floor = torch.constant.str "floor"
  %0 = torch.aten.div.Scalar_mode %a, %m1, %floor : !torch.vtensor<[4],si64>, !torch.int, !torch.str -> !torch.vtensor<[4],si64>
  %1 = torch.aten.remainder.Scalar %a, %m1 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
  return %0, %1 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
}
