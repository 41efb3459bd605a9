// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// _softmax over dim 1, numerically stable: the row max (from -inf), the
// exps e = exp(x - max) once, their sum (from 0), then e / sum. The
// reductions drop dim 1 and the generics read them back with
// (d0, d1) -> (d0).
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[MINIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK:         %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[MINIT]] : tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.maxf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// CHECK:         %[[EXP:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[MAX]] : tensor<2x3xf32>, tensor<2xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[MV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[IN]], %[[MV]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[D]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[SINIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[EXP]] : tensor<2x3xf32>) outs(%[[SINIT]] : tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[EV:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[EV]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         %[[Y:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[EXP]], %[[SUM]] : tensor<2x3xf32>, tensor<2xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[EV:.*]]: f32, %[[SV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[EV]], %[[SV]] : f32
// CHECK-NEXT:      linalg.yield %[[Q]] : f32
// CHECK:         return %[[Y]] : tensor<2x3xf32>
func.func @softmax(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.aten._softmax %x, %int1, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// A negative dim counts from the end: -3 is dim 0 of a 3-D tensor.
// CHECK-DAG:   #[[RED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @softmax_dim_neg(
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[RED]]], iterator_types = ["reduction", "parallel", "parallel"]} ins(%{{.*}} : tensor<4x2x3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:           arith.maxf
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK:           math.exp
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "parallel"]}
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK:           arith.divf
func.func @softmax_dim_neg(%x: !torch.vtensor<[4,2,3],f32>) -> !torch.vtensor<[4,2,3],f32> {
  %int-3 = torch.constant.int -3
  %false = torch.constant.bool false
  %0 = torch.aten._softmax %x, %int-3, %false : !torch.vtensor<[4,2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[4,2,3],f32>
  return %0 : !torch.vtensor<[4,2,3],f32>
}

// -----

// _log_softmax: (x - max) - log(sum exp(x - max)).
// CHECK-LABEL: func.func @log_softmax(
// CHECK:         %[[MAX:.*]] = linalg.generic
// CHECK:         %[[SUM:.*]] = linalg.generic
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[MAX]], %[[SUM]] : tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[MV:.*]]: f32, %[[SV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[IN]], %[[MV]] : f32
// CHECK-NEXT:      %[[L:.*]] = math.log %[[SV]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.subf %[[D]], %[[L]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK-NOT:     math.exp %[[D]]
func.func @log_softmax(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten._log_softmax %x, %int-1, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// bf16 computes in f32: every read is extended, max, the exps and their
// sum are f32, and the result is truncated once.
// CHECK-LABEL: func.func @softmax_bf16(
// CHECK:         %[[MAX:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xbf16>) outs(%{{.*}} : tensor<2xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         %[[EXP:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[MAX]] : tensor<2x3xbf16>, tensor<2xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[EXP]] : tensor<2x3xf32>) outs(%{{.*}} : tensor<2xf32>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xbf16>)
// CHECK:           %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[Q]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
func.func @softmax_bf16(%x: !torch.vtensor<[2,3],bf16>) -> !torch.vtensor<[2,3],bf16> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.aten._softmax %x, %int1, %false : !torch.vtensor<[2,3],bf16>, !torch.int, !torch.bool -> !torch.vtensor<[2,3],bf16>
  return %0 : !torch.vtensor<[2,3],bf16>
}

// -----

// half_to_float: an f16 input gives an f32 result, so nothing is truncated.
// CHECK-LABEL: func.func @softmax_half_to_float(
// CHECK-SAME:      -> tensor<2x3xf32>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:           arith.divf
// CHECK-NOT:       arith.truncf
func.func @softmax_half_to_float(%x: !torch.vtensor<[2,3],f16>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %0 = torch.aten._softmax %x, %int1, %true : !torch.vtensor<[2,3],f16>, !torch.int, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// _softmax_backward_data: s = sum(dy * y) over dim, then y * (dy - s).
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[COL:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @softmax_backward(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x3xf32>, %[[Y:[^:]*]]: tensor<2x3xf32>)
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[COL]]], iterator_types = ["reduction", "parallel"]} ins(%[[DY]], %[[Y]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%{{.*}} : tensor<3xf32>)
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %[[YV:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[G]], %[[YV]] : f32
// CHECK-NEXT:      %[[A:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[A]] : f32
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[COL]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[DY]], %[[Y]], %[[S]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xf32>)
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %[[YV:.*]]: f32, %[[SV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[G]], %[[SV]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[YV]], %[[D]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[DX]]
func.func @softmax_backward(%dy: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int0 = torch.constant.int 0
  %int6 = torch.constant.int 6
  %0 = torch.aten._softmax_backward_data %dy, %y, %int0, %int6 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// _log_softmax_backward_data: s = sum(dy) over dim, then dy - exp(y) * s.
// CHECK-LABEL: func.func @log_softmax_backward(
// CHECK:         %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[A:.*]] = arith.addf %[[ACC]], %[[G]] : f32
// CHECK-NEXT:      linalg.yield %[[A]] : f32
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %[[S]] :
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %[[YV:.*]]: f32, %[[SV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[YV]] : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[E]], %[[SV]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.subf %[[G]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @log_softmax_backward(%dy: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  %0 = torch.aten._log_softmax_backward_data %dy, %y, %int1, %int6 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// The backward of a half_to_float softmax: f32 grads with input_dtype Half
// (5) give an f16 gradient, truncated once.
// CHECK-LABEL: func.func @softmax_backward_to_half(
// CHECK-SAME:      -> tensor<2x3xf16>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf16>)
// CHECK:           %[[R:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[R]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[T]] : f16
func.func @softmax_backward_to_half(%dy: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f16> {
  %int1 = torch.constant.int 1
  %int5 = torch.constant.int 5
  %0 = torch.aten._softmax_backward_data %dy, %y, %int1, %int5 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f16>
  return %0 : !torch.vtensor<[2,3],f16>
}

// -----

// A 0-d softmax has no dim to reduce: every loop nest is empty and the
// result is exp(x - x) / exp(x - x).
// CHECK-DAG:   #[[SCALAR:map[0-9]*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @softmax_0d(
// CHECK:         linalg.generic {indexing_maps = [#[[SCALAR]], #[[SCALAR]]], iterator_types = []} ins(%{{.*}} : tensor<f32>) outs(%{{.*}} : tensor<f32>)
// CHECK:           arith.maxf
func.func @softmax_0d(%x: !torch.vtensor<[],f32>) -> !torch.vtensor<[],f32> {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %0 = torch.aten._softmax %x, %int0, %false : !torch.vtensor<[],f32>, !torch.int, !torch.bool -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// softmax.int with dtype = float32 (6) on an f16 input: the input is
// converted first (extf) and the f32 result needs no truncation.
// CHECK-LABEL: func.func @softmax_int_dtype(
// CHECK-SAME:      -> tensor<2x3xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xf16>) outs(%{{.*}} : tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f16, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[E:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:      arith.maxf %[[ACC]], %[[E]] : f32
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:           arith.divf
// CHECK-NOT:       arith.truncf
func.func @softmax_int_dtype(%x: !torch.vtensor<[2,3],f16>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  %0 = torch.aten.softmax.int %x, %int1, %int6 : !torch.vtensor<[2,3],f16>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// log_softmax.int with dtype None keeps the input dtype.
// CHECK-LABEL: func.func @log_softmax_int(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf64>)
// CHECK:           math.log %{{.*}} : f64
func.func @log_softmax_int(%x: !torch.vtensor<[2,3],f64>) -> !torch.vtensor<[2,3],f64> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %0 = torch.aten.log_softmax.int %x, %int1, %none : !torch.vtensor<[2,3],f64>, !torch.int, !torch.none -> !torch.vtensor<[2,3],f64>
  return %0 : !torch.vtensor<[2,3],f64>
}
