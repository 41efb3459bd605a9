// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// Evaluation mode (train = false): the input itself and an all-true mask,
// as ATen's CPU kernel returns them, whatever p is.
// CHECK-LABEL: func.func @dropout_eval(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<3x4xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         %[[M:.*]] = linalg.fill ins(%[[T]] : i1) outs(%{{.*}} : tensor<3x4xi1>)
// CHECK:         return %[[X]], %[[M]] : tensor<3x4xf32>, tensor<3x4xi1>
func.func @dropout_eval(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>) {
  %p = torch.constant.float 5.000000e-01
  %false = torch.constant.bool false
  %0:2 = torch.aten.native_dropout %x, %p, %false : !torch.vtensor<[3,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
  return %0#0, %0#1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
}

// -----

// p = 0 in training: bernoulli(1) keeps everything and the scale is 1, so
// the result is the input; an unused mask is not built.
// CHECK-LABEL: func.func @dropout_p0_train(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<3x4xf32>)
// CHECK-NEXT:    return %[[X]] : tensor<3x4xf32>
func.func @dropout_p0_train(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %p = torch.constant.float 0.000000e+00
  %true = torch.constant.bool true
  %0:2 = torch.aten.native_dropout %x, %p, %true : !torch.vtensor<[3,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
  return %0#0 : !torch.vtensor<[3,4],f32>
}

// -----

// p = 1 with train = None (which means training): input·0 (−0 for a
// negative element, NaN for NaN and ±inf, as input·mask·scale gives), in
// f32 for bf16, and an all-false mask.
// CHECK-LABEL: func.func @dropout_p1(
// CHECK:         %[[Z:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3x4xbf16>)
// CHECK-NEXT:    ^bb0(%[[XI:.*]]: bf16, %{{.*}}: bf16):
// CHECK-NEXT:      %[[XE:.*]] = arith.extf %[[XI]] : bf16 to f32
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[XE]], %[[C0]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[P]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK:         %[[M:.*]] = linalg.fill ins(%[[F]] : i1) outs(%{{.*}} : tensor<3x4xi1>)
// CHECK:         return %[[Z]], %[[M]] : tensor<3x4xbf16>, tensor<3x4xi1>
func.func @dropout_p1(%x: !torch.vtensor<[3,4],bf16>) -> (!torch.vtensor<[3,4],bf16>, !torch.vtensor<[3,4],i1>) {
  %p = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %0:2 = torch.aten.native_dropout %x, %p, %none : !torch.vtensor<[3,4],bf16>, !torch.float, !torch.none -> !torch.vtensor<[3,4],bf16>, !torch.vtensor<[3,4],i1>
  return %0#0, %0#1 : !torch.vtensor<[3,4],bf16>, !torch.vtensor<[3,4],i1>
}

// -----

// native_dropout_backward = grad_output·mask·scale: the bool mask becomes
// 0/1 (uitofp), and the scale 1/0.9 stays an f32 (1.11111116), as
// PyTorch ≥ 2.1's mul reads a Python scalar in its opmath type; the
// products are computed in f32 and rounded once.
// CHECK-LABEL: func.func @dropout_backward_bf16(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<3x4xbf16>, tensor<3x4xi1>) outs(%{{.*}} : tensor<3x4xbf16>)
// CHECK-NEXT:    ^bb0(%[[G:.*]]: bf16, %[[M:.*]]: i1, %{{.*}}: bf16):
// CHECK-NEXT:      %[[GE:.*]] = arith.extf %[[G]] : bf16 to f32
// CHECK-NEXT:      %[[ME:.*]] = arith.uitofp %[[M]] : i1 to f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[GE]], %[[ME]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.constant 1.11111116 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[P]], %[[S]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[R]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
func.func @dropout_backward_bf16(%g: !torch.vtensor<[3,4],bf16>, %m: !torch.vtensor<[3,4],i1>) -> !torch.vtensor<[3,4],bf16> {
  %s = torch.constant.float 1.1111111111111112
  %0 = torch.aten.native_dropout_backward %g, %m, %s : !torch.vtensor<[3,4],bf16>, !torch.vtensor<[3,4],i1>, !torch.float -> !torch.vtensor<[3,4],bf16>
  return %0 : !torch.vtensor<[3,4],bf16>
}

// -----

// A float mask of grad_output's dtype: grad_output·mask is a real product,
// rounded to f16 before the second multiplication, as in PyTorch.
// CHECK-LABEL: func.func @dropout_backward_float_mask_f16(
// CHECK:         ^bb0(%[[G:.*]]: f16, %[[M:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT:      %[[GE:.*]] = arith.extf %[[G]] : f16 to f32
// CHECK-NEXT:      %[[ME:.*]] = arith.extf %[[M]] : f16 to f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[GE]], %[[ME]] : f32
// CHECK-NEXT:      %[[PT:.*]] = arith.truncf %[[P]] : f32 to f16
// CHECK-NEXT:      %[[PE:.*]] = arith.extf %[[PT]] : f16 to f32
// CHECK-NEXT:      %[[S:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[PE]], %[[S]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[R]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[T]] : f16
func.func @dropout_backward_float_mask_f16(%g: !torch.vtensor<[5],f16>, %m: !torch.vtensor<[5],f16>) -> !torch.vtensor<[5],f16> {
  %s = torch.constant.float 2.000000e+00
  %0 = torch.aten.native_dropout_backward %g, %m, %s : !torch.vtensor<[5],f16>, !torch.vtensor<[5],f16>, !torch.float -> !torch.vtensor<[5],f16>
  return %0 : !torch.vtensor<[5],f16>
}
