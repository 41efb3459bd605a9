// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// nll_loss_forward, reduction mean (1) with a weight: one generic reduces
// every (n, c) into the loss and the weight sum, selecting the class by
// comparing linalg.index of the class loop with the target (and the
// target with ignore_index); a 0-d generic divides.
// CHECK-DAG:   #[[X:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[T:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[W:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[ALL:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG:   #[[SCALAR:map[0-9]*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @nll_mean_weight(
// CHECK-SAME:      %[[XA:[^:]*]]: tensor<4x5xf32>, %[[TA:[^:]*]]: tensor<4xi64>, %[[WA:[^:]*]]: tensor<5xf32>) -> (tensor<f32>, tensor<f32>)
// CHECK:         %[[LINIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<f32>)
// CHECK:         %[[WINIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<f32>)
// CHECK:         %[[SUMS:.*]]:2 = linalg.generic {indexing_maps = [#[[X]], #[[T]], #[[W]], #[[ALL]], #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%[[XA]], %[[TA]], %[[WA]] : tensor<4x5xf32>, tensor<4xi64>, tensor<5xf32>) outs(%[[LINIT]], %[[WINIT]] : tensor<f32>, tensor<f32>)
// CHECK-NEXT:    ^bb0(%[[XV:.*]]: f32, %[[TV:.*]]: i64, %[[WV:.*]]: f32, %[[LACC:.*]]: f32, %[[WACC:.*]]: f32):
// CHECK-NEXT:      %[[C:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[CI:.*]] = arith.index_cast %[[C]] : index to i64
// CHECK-NEXT:      %[[IS:.*]] = arith.cmpi eq, %[[TV]], %[[CI]] : i64
// CHECK-NEXT:      %[[IGN:.*]] = arith.constant -100 : i64
// CHECK-NEXT:      %[[KEPT:.*]] = arith.cmpi ne, %[[TV]], %[[IGN]] : i64
// CHECK-NEXT:      %[[HIT:.*]] = arith.andi %[[IS]], %[[KEPT]] : i1
// CHECK-NEXT:      %[[NEG:.*]] = arith.negf %[[XV]] : f32
// CHECK-NEXT:      %[[L:.*]] = arith.mulf %[[NEG]], %[[WV]] : f32
// CHECK-NEXT:      %[[LS:.*]] = arith.addf %[[LACC]], %[[L]] : f32
// CHECK-NEXT:      %[[LSEL:.*]] = arith.select %[[HIT]], %[[LS]], %[[LACC]] : f32
// CHECK-NEXT:      %[[WS:.*]] = arith.addf %[[WACC]], %[[WV]] : f32
// CHECK-NEXT:      %[[WSEL:.*]] = arith.select %[[HIT]], %[[WS]], %[[WACC]] : f32
// CHECK-NEXT:      linalg.yield %[[LSEL]], %[[WSEL]] : f32, f32
// CHECK:         %[[OUT:.*]]:2 = linalg.generic {indexing_maps = [#[[SCALAR]], #[[SCALAR]], #[[SCALAR]], #[[SCALAR]]], iterator_types = []} ins(%[[SUMS]]#0, %[[SUMS]]#1 : tensor<f32>, tensor<f32>)
// CHECK-NEXT:    ^bb0(%[[LV:.*]]: f32, %[[TW:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[MEAN:.*]] = arith.divf %[[LV]], %[[TW]] : f32
// CHECK-NEXT:      linalg.yield %[[MEAN]], %[[TW]] : f32, f32
// CHECK:         return %[[OUT]]#0, %[[OUT]]#1 : tensor<f32>, tensor<f32>
func.func @nll_mean_weight(%x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>, %w: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  %0:2 = torch.aten.nll_loss_forward %x, %t, %w, %int1, %int-100 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[5],f32>, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

// reduction none (0) without weight: one loss per sample (n parallel, c
// reduction), the selected -x or the 0 the accumulator starts from; ATen
// leaves total_weight 0.
// CHECK-DAG:   #[[T:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @nll_none(
// CHECK:         %[[LOSS:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[T]], #[[T]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<4x5xf32>, tensor<4xi64>) outs(%{{.*}} : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[XV:.*]]: f32, %[[TV:.*]]: i64, %[[ACC:.*]]: f32):
// CHECK:           %[[NEG:.*]] = arith.negf %[[XV]] : f32
// CHECK:           %[[HIT:.*]] = arith.andi
// CHECK-NEXT:      %[[SEL:.*]] = arith.select %[[HIT]], %[[NEG]], %[[ACC]] : f32
// CHECK-NEXT:      linalg.yield %[[SEL]] : f32
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[TW:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<f32>)
// CHECK:         return %[[LOSS]], %[[TW]] : tensor<4xf32>, tensor<f32>
func.func @nll_none(%x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[],f32>) {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int-100 = torch.constant.int -100
  %0:2 = torch.aten.nll_loss_forward %x, %t, %none, %int0, %int-100 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[4],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[4],f32>, !torch.vtensor<[],f32>
}

// -----

// A [C] self with a 0-d target and reduction sum (2): the loops are just
// the class; the weight sum is the constant 1 per hit; no divide.
// CHECK-DAG:   #[[T:map[0-9]*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @nll_1d_sum(
// CHECK:         %[[SUMS:.*]]:2 = linalg.generic {indexing_maps = [#{{.*}}, #[[T]], #[[T]], #[[T]]], iterator_types = ["reduction"]} ins(%{{.*}}, %{{.*}} : tensor<5xf32>, tensor<i64>)
// CHECK:           linalg.index 0 : index
// CHECK:           %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:           arith.addf %{{.*}}, %[[ONE]] : f32
// CHECK:         linalg.generic {{.*}} iterator_types = []} ins(%[[SUMS]]#0, %[[SUMS]]#1 : tensor<f32>, tensor<f32>)
// CHECK-NEXT:    ^bb0(%[[LV:.*]]: f32, %[[TW:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[LV]], %[[TW]] : f32, f32
func.func @nll_1d_sum(%x: !torch.vtensor<[5],f32>, %t: !torch.vtensor<[],si64>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int-100 = torch.constant.int -100
  %0:2 = torch.aten.nll_loss_forward %x, %t, %none, %int2, %int-100 : !torch.vtensor<[5],f32>, !torch.vtensor<[],si64>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
  return %0#0, %0#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
}

// -----

// bf16 with ui8 targets: the target is zero-extended to i64, the loss
// accumulates in f32, and both results are truncated once.
// CHECK-LABEL: func.func @nll_bf16_ui8(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4x5xbf16>, tensor<4xi8>) outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<f32>)
// CHECK-NEXT:    ^bb0(%[[XV:.*]]: bf16, %[[TV:.*]]: i8, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[T64:.*]] = arith.extui %[[TV]] : i8 to i64
// CHECK:           %[[XE:.*]] = arith.extf %[[XV]] : bf16 to f32
// CHECK-NEXT:      arith.negf %[[XE]] : f32
// CHECK:         linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<bf16>, tensor<bf16>)
// CHECK:           %[[M:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %[[L:.*]] = arith.truncf %[[M]] : f32 to bf16
// CHECK-NEXT:      %[[W:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[L]], %[[W]] : bf16, bf16
func.func @nll_bf16_ui8(%x: !torch.vtensor<[4,5],bf16>, %t: !torch.vtensor<[4],ui8>) -> (!torch.vtensor<[],bf16>, !torch.vtensor<[],bf16>) {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  %0:2 = torch.aten.nll_loss_forward %x, %t, %none, %int1, %int-100 : !torch.vtensor<[4,5],bf16>, !torch.vtensor<[4],ui8>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[],bf16>, !torch.vtensor<[],bf16>
  return %0#0, %0#1 : !torch.vtensor<[],bf16>, !torch.vtensor<[],bf16>
}

// -----

// nll_loss_backward, mean with a weight: one parallel generic over [N, C];
// at the target class, w[c] * -(grad_output / total_weight), else 0.
// CHECK-DAG:   #[[T:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[S:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG:   #[[W:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @nll_backward_mean(
// CHECK-SAME:      %[[G:[^:]*]]: tensor<f32>, %{{[^:]*}}: tensor<4x5xf32>, %[[TA:[^:]*]]: tensor<4xi64>, %[[WA:[^:]*]]: tensor<5xf32>, %[[TWA:[^:]*]]: tensor<f32>) -> tensor<4x5xf32>
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[T]], #[[S]], #[[W]], #[[S]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[TA]], %[[G]], %[[WA]], %[[TWA]] : tensor<4xi64>, tensor<f32>, tensor<5xf32>, tensor<f32>) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK-NEXT:    ^bb0(%[[TV:.*]]: i64, %[[GV:.*]]: f32, %[[WV:.*]]: f32, %[[TWV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[GV]], %[[TWV]] : f32
// CHECK-NEXT:      %[[NEG:.*]] = arith.negf %[[Q]] : f32
// CHECK-NEXT:      %[[V:.*]] = arith.mulf %[[WV]], %[[NEG]] : f32
// CHECK:           %[[HIT:.*]] = arith.andi
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[HIT]], %[[V]], %[[ZERO]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[DX]]
func.func @nll_backward_mean(%g: !torch.vtensor<[],f32>, %x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>, %w: !torch.vtensor<[5],f32>, %tw: !torch.vtensor<[],f32>) -> !torch.vtensor<[4,5],f32> {
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  %0 = torch.aten.nll_loss_backward %g, %x, %t, %w, %int1, %int-100, %tw : !torch.vtensor<[],f32>, !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[5],f32>, !torch.int, !torch.int, !torch.vtensor<[],f32> -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// reduction none: grad_output [N] is read per sample and total_weight is
// not read.
// CHECK-DAG:   #[[T:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @nll_backward_none(
// CHECK-SAME:      %[[G:[^:]*]]: tensor<4xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[T]], #[[T]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %[[G]] : tensor<4xi64>, tensor<4xf32>) outs(%{{.*}} : tensor<4x5xf32>)
// CHECK-NEXT:    ^bb0(%{{.*}}: i64, %[[GV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[NEG:.*]] = arith.negf %[[GV]] : f32
// CHECK:           arith.select %{{.*}}, %[[NEG]], %{{.*}} : f32
func.func @nll_backward_none(%g: !torch.vtensor<[4],f32>, %x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>, %tw: !torch.vtensor<[],f32>) -> !torch.vtensor<[4,5],f32> {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int-100 = torch.constant.int -100
  %0 = torch.aten.nll_loss_backward %g, %x, %t, %none, %int0, %int-100, %tw : !torch.vtensor<[4],f32>, !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int, !torch.vtensor<[],f32> -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// A [C] self with reduction sum in f16: one loop over the class, computed in
// f32 and truncated once.
// CHECK-LABEL: func.func @nll_backward_1d_f16(
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%{{.*}}, %{{.*}} : tensor<i64>, tensor<f16>) outs(%{{.*}} : tensor<5xf16>)
// CHECK:           linalg.index 0 : index
// CHECK:           %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[R]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[T]] : f16
func.func @nll_backward_1d_f16(%g: !torch.vtensor<[],f16>, %x: !torch.vtensor<[5],f16>, %t: !torch.vtensor<[],si64>, %tw: !torch.vtensor<[],f16>) -> !torch.vtensor<[5],f16> {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int-100 = torch.constant.int -100
  %0 = torch.aten.nll_loss_backward %g, %x, %t, %none, %int2, %int-100, %tw : !torch.vtensor<[],f16>, !torch.vtensor<[5],f16>, !torch.vtensor<[],si64>, !torch.none, !torch.int, !torch.int, !torch.vtensor<[],f16> -> !torch.vtensor<[5],f16>
  return %0 : !torch.vtensor<[5],f16>
}

// -----

// mse_loss, reduction mean: one generic reduces (self − target)² over
// every loop, reading the broadcast target [3] at (d1); a 0-d generic
// divides by the element count, 6. bf16 computes in f32 and rounds once.
// CHECK-DAG:   #[[S:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[T:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[ALL:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @mse_mean_bf16(
// CHECK-SAME:      %[[SA:[^:]*]]: tensor<2x3xbf16>, %[[TA:[^:]*]]: tensor<3xbf16>) -> tensor<bf16>
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<f32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[S]], #[[T]], #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%[[SA]], %[[TA]] : tensor<2x3xbf16>, tensor<3xbf16>) outs(%[[INIT]] : tensor<f32>)
// CHECK-NEXT:    ^bb0(%[[SV:.*]]: bf16, %[[TV:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[SE:.*]] = arith.extf %[[SV]] : bf16 to f32
// CHECK-NEXT:      %[[TE:.*]] = arith.extf %[[TV]] : bf16 to f32
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[SE]], %[[TE]] : f32
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[ACC]], %[[SQ]] : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK:         %[[MEAN:.*]] = linalg.generic {{.*}} iterator_types = []} ins(%[[SUM]] : tensor<f32>) outs(%{{.*}} : tensor<bf16>)
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f32, %{{.*}}: bf16):
// CHECK-NEXT:      %[[N:.*]] = arith.constant 6.000000e+00 : f32
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[V]], %[[N]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.truncf %[[Q]] : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[R]] : bf16
// CHECK:         return %[[MEAN]] : tensor<bf16>
func.func @mse_mean_bf16(%s: !torch.vtensor<[2,3],bf16>, %t: !torch.vtensor<[3],bf16>) -> !torch.vtensor<[],bf16> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.mse_loss %s, %t, %int1 : !torch.vtensor<[2,3],bf16>, !torch.vtensor<[3],bf16>, !torch.int -> !torch.vtensor<[],bf16>
  return %0 : !torch.vtensor<[],bf16>
}

// -----

// reduction none is elementwise over the broadcast shape; sum (2) of f32
// is the reduction alone, each square formed in f32 and summed in f64,
// rounded once.
// CHECK-LABEL: func.func @mse_none_sum(
// CHECK:         %[[NONE:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<3x1xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<3x4xf32>)
// CHECK:           arith.subf
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      linalg.yield
// CHECK:         %[[SUM64:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<f64>)
// CHECK:           %[[SQ:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %[[SQW:.*]] = arith.extf %[[SQ]] : f32 to f64
// CHECK-NEXT:      arith.addf %{{.*}}, %[[SQW]] : f64
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[SUM64]] : tensor<f64>) outs(%{{.*}} : tensor<f32>)
// CHECK:         return %[[NONE]], %[[SUM]] : tensor<3x4xf32>, tensor<f32>
func.func @mse_none_sum(%s: !torch.vtensor<[3,1],f32>, %t: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[],f32>) {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %0 = torch.aten.mse_loss %s, %t, %int0 : !torch.vtensor<[3,1],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[3,4],f32>
  %1 = torch.aten.mse_loss %t, %t, %int2 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[],f32>
  return %0, %1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[],f32>
}

// -----

// mse_loss_backward, reduction mean: norm · (self − target) · grad_output
// in that order, norm = 2/6 rounded to f32; the 0-d grad_output is read
// with the map () -> ().
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[T:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[G:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @mse_backward_mean(
// CHECK-SAME:      %[[GA:[^:]*]]: tensor<f32>, %[[SA:[^:]*]]: tensor<2x3xf32>, %[[TA:[^:]*]]: tensor<3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[T]], #[[G]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[SA]], %[[TA]], %[[GA]] : tensor<2x3xf32>, tensor<3xf32>, tensor<f32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[SV:.*]]: f32, %[[TV:.*]]: f32, %[[GV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[NORM:.*]] = arith.constant 0.333333343 : f32
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[SV]], %[[TV]] : f32
// CHECK-NEXT:      %[[ND:.*]] = arith.mulf %[[NORM]], %[[D]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[ND]], %[[GV]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[DX]] : tensor<2x3xf32>
func.func @mse_backward_mean(%g: !torch.vtensor<[],f32>, %s: !torch.vtensor<[2,3],f32>, %t: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.mse_loss_backward %g, %s, %t, %int1 : !torch.vtensor<[],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}
