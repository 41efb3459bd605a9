// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// Broadcasting is done by indexing maps: [3] against [2,3] is read at (d1),
// no copy is made. alpha = 1 adds no multiply.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_tensor_broadcast(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[R]] : tensor<2x3xf32>
// CHECK-NOT:     torch.
func.func @add_tensor_broadcast(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// Size-1 dims broadcast with the constant 0 in the map. The si32 operand is
// promoted to the si64 result (extsi), and alpha = 2 multiplies `other`.
// CHECK-DAG:   #[[COL:map[0-9]*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add_tensor_size1_alpha_int(
// CHECK:         %[[ALPHA:.*]] = arith.constant 2 : i64
// CHECK:         linalg.generic {indexing_maps = [#[[COL]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<4x1xi64>, tensor<1x5xi32>) outs(%{{.*}} : tensor<4x5xi64>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i64, %[[Y:.*]]: i32, %{{.*}}: i64):
// CHECK-NEXT:      %[[YE:.*]] = arith.extsi %[[Y]] : i32 to i64
// CHECK-NEXT:      %[[M:.*]] = arith.muli %[[YE]], %[[ALPHA]] : i64
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[X]], %[[M]] : i64
// CHECK-NEXT:      linalg.yield %[[S]] : i64
func.func @add_tensor_size1_alpha_int(%a: !torch.vtensor<[4,1],si64>, %b: !torch.vtensor<[1,5],si32>) -> !torch.vtensor<[4,5],si64> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.add.Tensor %a, %b, %int2 : !torch.vtensor<[4,1],si64>, !torch.vtensor<[1,5],si32>, !torch.int -> !torch.vtensor<[4,5],si64>
  return %0 : !torch.vtensor<[4,5],si64>
}

// -----

// A dynamic dim takes its extent from the operand that has it.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @sub_tensor_dynamic(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<?x3xf32>, %[[B:[^:]*]]: tensor<3xf32>) -> tensor<?x3xf32>
// CHECK:         %[[ALPHA:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[D:.*]] = tensor.dim %[[A]], %[[C0]] : tensor<?x3xf32>
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<?x3xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<?x3xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[Y]], %[[ALPHA]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.subf %[[X]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @sub_tensor_dynamic(%a: !torch.vtensor<[?,3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[?,3],f32> {
  %float = torch.constant.float 5.000000e-01
  %0 = torch.aten.sub.Tensor %a, %b, %float : !torch.vtensor<[?,3],f32>, !torch.vtensor<[3],f32>, !torch.float -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// bool + bool is logical or in PyTorch (an i1 addi would be xor).
// CHECK-LABEL: func.func @add_tensor_bool(
// CHECK:         ^bb0(%[[X:.*]]: i1, %[[Y:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT:      %[[S:.*]] = arith.ori %[[X]], %[[Y]] : i1
// CHECK-NEXT:      linalg.yield %[[S]] : i1
func.func @add_tensor_bool(%a: !torch.vtensor<[4],i1>, %b: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.int -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// bf16 arithmetic runs in f32 (ATen's opmath) and is truncated once. The
// Scalar `other` is first cast to bf16 as PyTorch casts it to the common
// dtype (1.004 → 1.0078125); alpha goes straight to f32 (0.3).
// CHECK-LABEL: func.func @add_scalar_bf16(
// CHECK-DAG:     %[[OTHER:.*]] = arith.constant 1.0078125 : f32
// CHECK-DAG:     %[[ALPHA:.*]] = arith.constant 3.000000e-01 : f32
// CHECK:         ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT:      %[[XE:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[OTHER]], %[[ALPHA]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[XE]], %[[M]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[S]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
func.func @add_scalar_bf16(%a: !torch.vtensor<[4],bf16>) -> !torch.vtensor<[4],bf16> {
  %float = torch.constant.float 1.004
  %float2 = torch.constant.float 0.3
  %0 = torch.aten.add.Scalar %a, %float, %float2 : !torch.vtensor<[4],bf16>, !torch.float, !torch.float -> !torch.vtensor<[4],bf16>
  return %0 : !torch.vtensor<[4],bf16>
}

// CHECK-LABEL: func.func @sub_scalar_int(
// CHECK:         %[[FIVE:.*]] = arith.constant 5 : i64
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT:      %[[S:.*]] = arith.subi %[[X]], %[[FIVE]] : i64
// CHECK-NEXT:      linalg.yield %[[S]] : i64
func.func @sub_scalar_int(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  %int5 = torch.constant.int 5
  %int1 = torch.constant.int 1
  %0 = torch.aten.sub.Scalar %a, %int5, %int1 : !torch.vtensor<[4],si64>, !torch.int, !torch.int -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// f16 · f32 → f32: the f16 operand is extended to the result dtype.
// CHECK-LABEL: func.func @mul_tensor_mixed(
// CHECK:         ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[XE:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[XE]], %[[Y]] : f32
// CHECK-NEXT:      linalg.yield %[[P]] : f32
func.func @mul_tensor_mixed(%a: !torch.vtensor<[2,3],f16>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[2,3],f16>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// CHECK-LABEL: func.func @mul_tensor_bool(
// CHECK:         ^bb0(%[[X:.*]]: i1, %[[Y:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT:      %[[P:.*]] = arith.andi %[[X]], %[[Y]] : i1
func.func @mul_tensor_bool(%a: !torch.vtensor<[4],i1>, %b: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// CHECK-LABEL: func.func @mul_scalar_int(
// CHECK:         %[[THREE:.*]] = arith.constant 3 : i32
// CHECK:         ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[P:.*]] = arith.muli %[[X]], %[[THREE]] : i32
func.func @mul_scalar_int(%a: !torch.vtensor<[4],si32>) -> !torch.vtensor<[4],si32> {
  %int3 = torch.constant.int 3
  %0 = torch.aten.mul.Scalar %a, %int3 : !torch.vtensor<[4],si32>, !torch.int -> !torch.vtensor<[4],si32>
  return %0 : !torch.vtensor<[4],si32>
}

// div of integers is true division: both sides become the float result
// dtype before arith.divf.
// CHECK-LABEL: func.func @div_tensor_int(
// CHECK:         ^bb0(%[[X:.*]]: i64, %[[Y:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:      %[[XF:.*]] = arith.sitofp %[[X]] : i64 to f32
// CHECK-NEXT:      %[[YF:.*]] = arith.sitofp %[[Y]] : i64 to f32
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[XF]], %[[YF]] : f32
// CHECK-NEXT:      linalg.yield %[[Q]] : f32
// CHECK-NOT:     arith.divsi
func.func @div_tensor_int(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.div.Tensor %a, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @div_scalar(
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
// CHECK:         ^bb0(%[[X:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[X]], %[[TWO]] : f64
func.func @div_scalar(%a: !torch.vtensor<[4],f64>) -> !torch.vtensor<[4],f64> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.div.Scalar %a, %int2 : !torch.vtensor<[4],f64>, !torch.int -> !torch.vtensor<[4],f64>
  return %0 : !torch.vtensor<[4],f64>
}

// CHECK-LABEL: func.func @neg(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[N]] : f32
func.func @neg(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.neg %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @neg_int(
// CHECK:         ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[N:.*]] = arith.subi %[[Z]], %[[X]] : i32
func.func @neg_int(%a: !torch.vtensor<[4],si32>) -> !torch.vtensor<[4],si32> {
  %0 = torch.aten.neg %a : !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  return %0 : !torch.vtensor<[4],si32>
}

// -----

// relu keeps NaN (unordered ugt), like PyTorch's clamp_min.
// CHECK-LABEL: func.func @relu(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[C:.*]] = arith.cmpf ugt, %[[X]], %[[Z]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[C]], %[[X]], %[[Z]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @relu(%a: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %0 = torch.aten.relu %a : !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// ui8 compares unsigned.
// CHECK-LABEL: func.func @relu_ui8(
// CHECK:         arith.cmpi ugt, %{{.*}}, %{{.*}} : i8
func.func @relu_ui8(%a: !torch.vtensor<[4],ui8>) -> !torch.vtensor<[4],ui8> {
  %0 = torch.aten.relu %a : !torch.vtensor<[4],ui8> -> !torch.vtensor<[4],ui8>
  return %0 : !torch.vtensor<[4],ui8>
}

// self <= threshold ? 0 : grad, ordered (ole): a NaN self passes the
// gradient through, as in PyTorch.
// CHECK-LABEL: func.func @threshold_backward(
// CHECK:         %[[TH:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         ^bb0(%[[G:.*]]: f32, %[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[C:.*]] = arith.cmpf ole, %[[X]], %[[TH]] : f32
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[C]], %[[Z]], %[[G]] : f32
func.func @threshold_backward(%g: !torch.vtensor<[2,4],f32>, %x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.threshold_backward %g, %x, %int0 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// sigmoid = 1 / (1 + exp(−x)).
// CHECK-LABEL: func.func @sigmoid(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[N]] : f32
// CHECK-NEXT:      %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.divf %[[ONE]], %[[D]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @sigmoid(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sigmoid %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// An integer input of a float op is converted to the float result first.
// CHECK-LABEL: func.func @sigmoid_int(
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:      %[[XF:.*]] = arith.sitofp %[[X]] : i64 to f32
// CHECK:           math.exp
func.func @sigmoid_int(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sigmoid %a : !torch.vtensor<[4],si64> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// grad · (1 − y) · y, in ATen's order.
// CHECK-LABEL: func.func @sigmoid_backward(
// CHECK:         ^bb0(%[[G:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[S:.*]] = arith.subf %[[ONE]], %[[Y]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[G]], %[[S]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[M]], %[[Y]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @sigmoid_backward(%g: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sigmoid_backward %g, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @tanh_bf16(
// CHECK:         ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT:      %[[XE:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT:      %[[T:.*]] = math.tanh %[[XE]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.truncf %[[T]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[R]] : bf16
func.func @tanh_bf16(%a: !torch.vtensor<[4],bf16>) -> !torch.vtensor<[4],bf16> {
  %0 = torch.aten.tanh %a : !torch.vtensor<[4],bf16> -> !torch.vtensor<[4],bf16>
  return %0 : !torch.vtensor<[4],bf16>
}

// grad · (1 − y²).
// CHECK-LABEL: func.func @tanh_backward(
// CHECK:         ^bb0(%[[G:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[Y]], %[[Y]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.subf %[[ONE]], %[[SQ]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[G]], %[[S]] : f32
func.func @tanh_backward(%g: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.tanh_backward %g, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// gelu(x) = x · 0.5 · (1 + erf(x · M_SQRT1_2)).
// CHECK-LABEL: func.func @gelu_none(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[K:.*]] = arith.constant 0.707106769 : f32
// CHECK-NEXT:      %[[XK:.*]] = arith.mulf %[[X]], %[[K]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.erf %[[XK]] : f32
// CHECK-NEXT:      %[[H:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:      %[[XH:.*]] = arith.mulf %[[X]], %[[H]] : f32
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[E1:.*]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[XH]], %[[E1]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @gelu_none(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %str = torch.constant.str "none"
  %0 = torch.aten.gelu %a, %str : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// The tanh form with ATen's √(2/π) (0.797884583 in f32, not torch-mlir's
// 0.7977240352174656).
// CHECK-LABEL: func.func @gelu_tanh(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:      %[[CUBE:.*]] = arith.mulf %[[SQ]], %[[X]] : f32
// CHECK-NEXT:      %[[BETA:.*]] = arith.constant 0.797884583 : f32
// CHECK-NEXT:      %[[KAPPA:.*]] = arith.constant 4.471500e-02 : f32
// CHECK-NEXT:      %[[KC:.*]] = arith.mulf %[[KAPPA]], %[[CUBE]] : f32
// CHECK-NEXT:      %[[IN:.*]] = arith.addf %[[X]], %[[KC]] : f32
// CHECK-NEXT:      %[[INNER:.*]] = arith.mulf %[[BETA]], %[[IN]] : f32
// CHECK:           %[[T:.*]] = math.tanh %[[INNER]] : f32
// CHECK:           linalg.yield
func.func @gelu_tanh(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %str = torch.constant.str "tanh"
  %0 = torch.aten.gelu %a, %str : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// dy · (cdf + x · pdf), pdf = exp(x² · −0.5) / √(2π).
// CHECK-LABEL: func.func @gelu_backward_none(
// CHECK:         ^bb0(%[[G:.*]]: f32, %[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[E:.*]] = math.erf
// CHECK:           %[[CDF:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK:           %[[BETA:.*]] = arith.constant 0.398942292 : f32
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:      %[[MH:.*]] = arith.constant -5.000000e-01 : f32
// CHECK-NEXT:      %[[A:.*]] = arith.mulf %[[SQ]], %[[MH]] : f32
// CHECK-NEXT:      %[[EX:.*]] = math.exp %[[A]] : f32
// CHECK-NEXT:      %[[PDF:.*]] = arith.mulf %[[BETA]], %[[EX]] : f32
// CHECK-NEXT:      %[[XP:.*]] = arith.mulf %[[X]], %[[PDF]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[CDF]], %[[XP]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[G]], %[[S]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @gelu_backward_none(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %str = torch.constant.str "none"
  %0 = torch.aten.gelu_backward %g, %x, %str : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// bf16 gelu_backward in f32, truncated once.
// CHECK-LABEL: func.func @gelu_backward_tanh(
// CHECK:         ^bb0(%[[G:.*]]: bf16, %[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT:      %[[GE:.*]] = arith.extf %[[G]] : bf16 to f32
// CHECK-NEXT:      %[[XE:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK:           math.tanh
// CHECK:           %[[R:.*]] = arith.mulf %[[GE]], %{{.*}} : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[R]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
func.func @gelu_backward_tanh(%g: !torch.vtensor<[4],bf16>, %x: !torch.vtensor<[4],bf16>) -> !torch.vtensor<[4],bf16> {
  %str = torch.constant.str "tanh"
  %0 = torch.aten.gelu_backward %g, %x, %str : !torch.vtensor<[4],bf16>, !torch.vtensor<[4],bf16>, !torch.str -> !torch.vtensor<[4],bf16>
  return %0 : !torch.vtensor<[4],bf16>
}

// -----

// All three operands broadcast; self (si64) is converted to the f32 result.
// CHECK-DAG:   #[[COND:map[0-9]*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @where_self(
// CHECK:         linalg.generic {indexing_maps = [#[[COND]], #[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-NEXT:    ^bb0(%[[C:.*]]: i1, %[[A:.*]]: i64, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[AF:.*]] = arith.sitofp %[[A]] : i64 to f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[C]], %[[AF]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @where_self(%c: !torch.vtensor<[2,1],i1>, %a: !torch.vtensor<[2,3],si64>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.where.self %c, %a, %b : !torch.vtensor<[2,1],i1>, !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// CHECK-LABEL: func.func @rsqrt(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = math.rsqrt %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @rsqrt(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.rsqrt %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @sqrt(
// CHECK:         ^bb0(%[[X:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT:      %[[R:.*]] = math.sqrt %[[X]] : f64
func.func @sqrt(%a: !torch.vtensor<[4],f64>) -> !torch.vtensor<[4],f64> {
  %0 = torch.aten.sqrt %a : !torch.vtensor<[4],f64> -> !torch.vtensor<[4],f64>
  return %0 : !torch.vtensor<[4],f64>
}

// CHECK-LABEL: func.func @exp_f16(
// CHECK:         ^bb0(%[[X:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT:      %[[XE:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[XE]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.truncf %[[E]] : f32 to f16
func.func @exp_f16(%a: !torch.vtensor<[4],f16>) -> !torch.vtensor<[4],f16> {
  %0 = torch.aten.exp %a : !torch.vtensor<[4],f16> -> !torch.vtensor<[4],f16>
  return %0 : !torch.vtensor<[4],f16>
}

// CHECK-LABEL: func.func @log(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = math.log %[[X]] : f32
func.func @log(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.log %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// x ** 2 is x · x, as in ATen's pow_tensor_scalar_optimized_kernel.
// CHECK-LABEL: func.func @pow_square(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK-NOT:     math.powf
func.func @pow_square(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.pow.Tensor_Scalar %a, %int2 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_half(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = math.sqrt %[[X]] : f32
func.func @pow_half(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %float = torch.constant.float 5.000000e-01
  %0 = torch.aten.pow.Tensor_Scalar %a, %float : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @pow_general(
// CHECK:         %[[E:.*]] = arith.constant 2.500000e+00 : f32
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = math.powf %[[X]], %[[E]] : f32
func.func @pow_general(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %float = torch.constant.float 2.500000e+00
  %0 = torch.aten.pow.Tensor_Scalar %a, %float : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// Integer x ** 5 by repeated squaring: x · (x²)².
// CHECK-LABEL: func.func @pow_int(
// CHECK:         ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[X2:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT:      %[[X4:.*]] = arith.muli %[[X2]], %[[X2]] : i32
// CHECK-NEXT:      %[[X5:.*]] = arith.muli %[[X]], %[[X4]] : i32
// CHECK-NEXT:      linalg.yield %[[X5]] : i32
func.func @pow_int(%a: !torch.vtensor<[4],si32>) -> !torch.vtensor<[4],si32> {
  %int5 = torch.constant.int 5
  %0 = torch.aten.pow.Tensor_Scalar %a, %int5 : !torch.vtensor<[4],si32>, !torch.int -> !torch.vtensor<[4],si32>
  return %0 : !torch.vtensor<[4],si32>
}

// -----

// mask ? value : self, with the mask broadcast and the int value cast to f32.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @masked_fill(
// CHECK:         %[[V:.*]] = arith.constant -7.000000e+00 : f32
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[M:.*]]: i1, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[M]], %[[V]], %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @masked_fill(%a: !torch.vtensor<[2,3],f32>, %m: !torch.vtensor<[3],i1>) -> !torch.vtensor<[2,3],f32> {
  %int = torch.constant.int -7
  %0 = torch.aten.masked_fill.Scalar %a, %m, %int : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],i1>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// clone is the identity in value semantics.
// CHECK-LABEL: func.func @clone(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<2x3xf32>)
// CHECK-NEXT:    return %[[A]] : tensor<2x3xf32>
func.func @clone(%a: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %0 = torch.aten.clone %a, %none : !torch.vtensor<[2,3],f32>, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// CHECK-LABEL: func.func @copy_same(
// CHECK-SAME:      %{{[^:]*}}: tensor<2x3xf32>, %[[S:[^:]*]]: tensor<2x3xf32>)
// CHECK-NEXT:    return %[[S]] : tensor<2x3xf32>
func.func @copy_same(%a: !torch.vtensor<[2,3],f32>, %s: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %false = torch.constant.bool false
  %0 = torch.aten.copy %a, %s, %false : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// Float → int rounds toward zero.
// CHECK-LABEL: func.func @to_copy_f32_si32(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: i32):
// CHECK-NEXT:      %[[R:.*]] = arith.fptosi %[[X]] : f32 to i32
// CHECK-NEXT:      linalg.yield %[[R]] : i32
func.func @to_copy_f32_si32(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],si32> {
  %int3 = torch.constant.int 3
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten._to_copy %a, %int3, %none, %none, %none, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],si32>
  return %0 : !torch.vtensor<[4],si32>
}

// To ui8 through i32, which wraps as PyTorch on x86 does (−1.0 → 255).
// CHECK-LABEL: func.func @to_copy_f32_ui8(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: i8):
// CHECK-NEXT:      %[[I:.*]] = arith.fptosi %[[X]] : f32 to i32
// CHECK-NEXT:      %[[R:.*]] = arith.trunci %[[I]] : i32 to i8
// CHECK-NEXT:      linalg.yield %[[R]] : i8
func.func @to_copy_f32_ui8(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],ui8> {
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten._to_copy %a, %int0, %none, %none, %none, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],ui8>
  return %0 : !torch.vtensor<[4],ui8>
}

// To bool is x != 0, unordered, so NaN is true.
// CHECK-LABEL: func.func @to_copy_f32_bool(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.cmpf une, %[[X]], %[[Z]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : i1
func.func @to_copy_f32_bool(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %int11 = torch.constant.int 11
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten._to_copy %a, %int11, %none, %none, %none, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// bf16 → f16 goes through f32.
// CHECK-LABEL: func.func @to_copy_bf16_f16(
// CHECK:         ^bb0(%[[X:.*]]: bf16, %{{.*}}: f16):
// CHECK-NEXT:      %[[E:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT:      %[[R:.*]] = arith.truncf %[[E]] : f32 to f16
func.func @to_copy_bf16_f16(%a: !torch.vtensor<[4],bf16>) -> !torch.vtensor<[4],f16> {
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten._to_copy %a, %int5, %none, %none, %none, %false, %none : !torch.vtensor<[4],bf16>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],f16>
  return %0 : !torch.vtensor<[4],f16>
}

// f64 → f16 rounds to f32 first, as c10::Half(float(x)) does.
// CHECK-LABEL: func.func @to_copy_f64_f16(
// CHECK:         ^bb0(%[[X:.*]]: f64, %{{.*}}: f16):
// CHECK-NEXT:      %[[F:.*]] = arith.truncf %[[X]] : f64 to f32
// CHECK-NEXT:      %[[R:.*]] = arith.truncf %[[F]] : f32 to f16
func.func @to_copy_f64_f16(%a: !torch.vtensor<[4],f64>) -> !torch.vtensor<[4],f16> {
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten._to_copy %a, %int5, %none, %none, %none, %false, %none : !torch.vtensor<[4],f64>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],f16>
  return %0 : !torch.vtensor<[4],f16>
}

// ui8 widens with zero extension.
// CHECK-LABEL: func.func @to_copy_ui8_si64(
// CHECK:         ^bb0(%[[X:.*]]: i8, %{{.*}}: i64):
// CHECK-NEXT:      %[[R:.*]] = arith.extui %[[X]] : i8 to i64
func.func @to_copy_ui8_si64(%a: !torch.vtensor<[4],ui8>) -> !torch.vtensor<[4],si64> {
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten._to_copy %a, %int4, %none, %none, %none, %false, %none : !torch.vtensor<[4],ui8>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// CHECK-LABEL: func.func @to_copy_same(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4xf32>)
// CHECK-NEXT:    return %[[A]] : tensor<4xf32>
func.func @to_copy_same(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten._to_copy %a, %none, %none, %none, %none, %false, %none : !torch.vtensor<[4],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @detach_alias(
// CHECK-SAME:      %[[A:[^:]*]]: tensor<4xf32>)
// CHECK-NEXT:    return %[[A]] : tensor<4xf32>
func.func @detach_alias(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.detach %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %1 = torch.aten.alias %0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// copy: src broadcast to self's shape and cast to self's dtype; self's
// values are not read.
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @copy_broadcast_cast(
// CHECK-SAME:      %{{[^:]*}}: tensor<2x3xf32>, %[[S:[^:]*]]: tensor<3xf16>)
// CHECK:         linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[S]] : tensor<3xf16>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f16, %{{.*}}: f32):
// CHECK-NEXT:      %[[R:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @copy_broadcast_cast(%a: !torch.vtensor<[2,3],f32>, %s: !torch.vtensor<[3],f16>) -> !torch.vtensor<[2,3],f32> {
  %false = torch.constant.bool false
  %0 = torch.aten.copy %a, %s, %false : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f16>, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// NumToTensor of a constant is a rank-0 dense constant, read by a map with
// no results.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[SCALAR:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @num_to_tensor(
// CHECK:         %[[T:.*]] = arith.constant dense<2> : tensor<i64>
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[SCALAR]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %[[T]] : tensor<2x3xf32>, tensor<i64>)
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:      %[[YF:.*]] = arith.sitofp %[[Y]] : i64 to f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[X]], %[[YF]] : f32
func.func @num_to_tensor(%a: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int2 = torch.constant.int 2
  %t = torch.prim.NumToTensor.Scalar %int2 : !torch.int -> !torch.vtensor<[],si64>
  %0 = torch.aten.mul.Tensor %a, %t : !torch.vtensor<[2,3],f32>, !torch.vtensor<[],si64> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// Rank-0 operands and result: a generic with no loops.
// CHECK-DAG:   #[[MAP:map[0-9]*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @num_to_tensor_float(
// CHECK:         %[[T:.*]] = arith.constant dense<2.500000e-01> : tensor<f64>
// CHECK:         linalg.generic {indexing_maps = [#[[MAP]], #[[MAP]], #[[MAP]]], iterator_types = []}
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f64, %{{.*}}: f32):
// CHECK-NEXT:      %[[YT:.*]] = arith.truncf %[[Y]] : f64 to f32
// CHECK-NEXT:      %[[R:.*]] = arith.addf %[[X]], %[[YT]] : f32
func.func @num_to_tensor_float(%a: !torch.vtensor<[],f32>) -> !torch.vtensor<[],f32> {
  %f = torch.constant.float 2.500000e-01
  %t = torch.prim.NumToTensor.Scalar %f : !torch.float -> !torch.vtensor<[],f64>
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %t, %int1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f64>, !torch.int -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}
