// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// Training: per channel (dim 1) over N and the spatial dims, sum → mean =
// sum/32, Σ(x − mean)² → invstd = rsqrt(var/32 + eps), the sums of the f32
// data in f64 (as PyTorch's CPU kernel) and rounded once, then one elementwise
// generic ((x − mean)·invstd)·w + b reading the [C] vectors through (d1).
// save_mean and save_invstd are the mean and invstd vectors themselves.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[CH:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-DAG:   #[[V:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @bn_train(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3x4x4xf32>, %[[W:[^:]*]]: tensor<3xf32>, %[[B:[^:]*]]: tensor<3xf32>,
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]]], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4x4xf32>) outs(%{{.*}} : tensor<3xf64>)
// CHECK:           %[[XW:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK:           arith.addf %{{.*}}, %[[XW]] : f64
// CHECK:         %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[V]], #[[V]]], iterator_types = ["parallel"]} ins(%[[SUM]] : tensor<3xf64>)
// CHECK:           %[[N:.*]] = arith.constant 3.200000e+01 : f64
// CHECK:           %[[M64:.*]] = arith.divf %{{.*}}, %[[N]] : f64
// CHECK:           arith.truncf %[[M64]] : f64 to f32
// CHECK:         %[[VSUM64:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]], #[[CH]]], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[MEAN]] : tensor<2x3x4x4xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<3xf64>)
// CHECK:           %[[D:.*]] = arith.subf
// CHECK:           %[[SQ:.*]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK:           %[[SQW:.*]] = arith.extf %[[SQ]] : f32 to f64
// CHECK:           arith.addf %{{.*}}, %[[SQW]] : f64
// CHECK:         %[[VSUM:.*]] = linalg.generic {indexing_maps = [#[[V]], #[[V]]], iterator_types = ["parallel"]} ins(%[[VSUM64]] : tensor<3xf64>)
// CHECK:           arith.truncf %{{.*}} : f64 to f32
// CHECK:         %[[INV:.*]] = linalg.generic {indexing_maps = [#[[V]], #[[V]]], iterator_types = ["parallel"]} ins(%[[VSUM]] : tensor<3xf32>)
// CHECK:           %[[VAR:.*]] = arith.divf
// CHECK:           %[[EPS:.*]] = arith.constant 9.99999974E-6 : f32
// CHECK:           %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK:           math.rsqrt %[[VE]] : f32
// CHECK:         %[[OUT:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]], #[[CH]], #[[CH]], #[[CH]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[MEAN]], %[[INV]], %[[W]], %[[B]] :
// CHECK-NEXT:    ^bb0(%[[XI:.*]]: f32, %[[MI:.*]]: f32, %[[II:.*]]: f32, %[[WI:.*]]: f32, %[[BI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[C:.*]] = arith.subf %[[XI]], %[[MI]] : f32
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf %[[C]], %[[II]] : f32
// CHECK-NEXT:      %[[YW:.*]] = arith.mulf %[[Y]], %[[WI]] : f32
// CHECK-NEXT:      %[[YB:.*]] = arith.addf %[[YW]], %[[BI]] : f32
// CHECK-NEXT:      linalg.yield %[[YB]] : f32
// CHECK:         return %[[OUT]], %[[MEAN]], %[[INV]] : tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>
func.func @bn_train(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten.native_batch_norm %x, %w, %b, %rm, %rv, %true, %mom, %eps : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

// -----

// Evaluation: no reductions; invstd = rsqrt(running_var + eps) and the
// running mean feed the same normalisation. On CPU PyTorch returns [0]
// tensors for save_mean and save_invstd.
// CHECK-LABEL: func.func @bn_eval(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3x4x4xf32>, %[[W:[^:]*]]: tensor<3xf32>, %[[B:[^:]*]]: tensor<3xf32>, %[[RM:[^:]*]]: tensor<3xf32>, %[[RV:[^:]*]]: tensor<3xf32>)
// CHECK-NOT:     iterator_types = ["reduction"
// CHECK:         %[[INV:.*]] = linalg.generic {{.*}} ins(%[[RV]] : tensor<3xf32>)
// CHECK:           %[[VE:.*]] = arith.addf
// CHECK:           math.rsqrt %[[VE]] : f32
// CHECK:         %[[OUT:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[RM]], %[[INV]], %[[W]], %[[B]] :
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<0xf32>
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<0xf32>
// CHECK:         return %[[OUT]], %[[E0]], %[[E1]]
func.func @bn_eval(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>) {
  %false = torch.constant.bool false
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten.native_batch_norm %x, %w, %b, %rm, %rv, %false, %mom, %eps : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>
}

// -----

// bf16 input with f32 running stats (PyTorch's mixed form): the statistics
// are computed in f32 (extf in the reductions), save_mean/save_invstd stay
// f32 as declared, and only the output is truncated back to bf16.
// CHECK-LABEL: func.func @bn_bf16(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<4x3x5xbf16>) outs(%{{.*}} : tensor<3xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[E:.*]] = arith.extf %[[IN]] : bf16 to f32
// CHECK-NEXT:      arith.addf %[[ACC]], %[[E]] : f32
// CHECK:         arith.constant 2.000000e+01 : f32
// CHECK:         %[[OUT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4x3x5xbf16>)
// CHECK:           %[[R:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[R]] : bf16
// CHECK:         return %[[OUT]], %{{.*}}, %{{.*}} : tensor<4x3x5xbf16>, tensor<3xf32>, tensor<3xf32>
func.func @bn_bf16(%x: !torch.vtensor<[4,3,5],bf16>, %w: !torch.vtensor<[3],bf16>, %b: !torch.vtensor<[3],bf16>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[4,3,5],bf16>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten.native_batch_norm %x, %w, %b, %rm, %rv, %true, %mom, %eps : !torch.vtensor<[4,3,5],bf16>, !torch.vtensor<[3],bf16>, !torch.vtensor<[3],bf16>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[4,3,5],bf16>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[4,3,5],bf16>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

// -----

// No weight, bias or running stats, eps = 0, rank 2 ([N, C], BatchNorm1d):
// invstd is PyTorch's InvStd, 0 where the variance is 0. The unused
// save_mean/save_invstd are not materialised.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[CH:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @bn_noaffine_eps0(
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[CH]]], iterator_types = ["reduction", "parallel"]}
// CHECK:         %[[VS:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]], #[[CH]]], iterator_types = ["reduction", "parallel"]}
// CHECK:         linalg.generic {{.*}} ins(%[[VS]] : tensor<2xf64>)
// CHECK:           %[[VAR:.*]] = arith.divf
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:      %[[ISZ:.*]] = arith.cmpf oeq, %[[VAR]], %[[Z]] : f64
// CHECK-NEXT:      %[[RS:.*]] = math.rsqrt %[[VAR]] : f64
// CHECK-NEXT:      %[[SEL:.*]] = arith.select %[[ISZ]], %[[Z]], %[[RS]] : f64
// CHECK-NEXT:      linalg.yield %[[SEL]] : f64
// CHECK:         %[[OUT:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]], #[[CH]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK:           arith.subf
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf
// CHECK-NEXT:      linalg.yield %[[Y]] : f64
// CHECK:         return %[[OUT]] : tensor<8x2xf64>
func.func @bn_noaffine_eps0(%x: !torch.vtensor<[8,2],f64>) -> !torch.vtensor<[8,2],f64> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 0.000000e+00
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %true, %mom, %eps : !torch.vtensor<[8,2],f64>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[8,2],f64>, !torch.vtensor<[2],f64>, !torch.vtensor<[2],f64>
  return %r#0 : !torch.vtensor<[8,2],f64>
}

// -----

// The functional form returns the updated running stats: momentum·mean +
// (1 − momentum)·running_mean, and the same with the unbiased variance
// Σ(x − mean)²/(n − 1) = var_sum/31.
// CHECK-LABEL: func.func @bn_functional(
// CHECK-SAME:      %[[RM:[^:]*]]: tensor<3xf32>, %[[RV:[^:]*]]: tensor<3xf32>)
// CHECK:         %[[MEAN:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK:         %[[VSUM64:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "reduction", "reduction"]
// CHECK:         %[[VSUM:.*]] = linalg.generic {{.*}} ins(%[[VSUM64]] : tensor<3xf64>)
// CHECK:         %[[NRM:.*]] = linalg.generic {{.*}} ins(%[[MEAN]], %[[RM]] : tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT:    ^bb0(%[[M:.*]]: f32, %[[R:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[MOM:.*]] = arith.constant 1.000000e-01 : f32
// CHECK-NEXT:      %[[A:.*]] = arith.mulf %[[MOM]], %[[M]] : f32
// CHECK-NEXT:      %[[KEEP:.*]] = arith.constant 0.899999976 : f32
// CHECK-NEXT:      %[[B:.*]] = arith.mulf %[[KEEP]], %[[R]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         %[[NRV:.*]] = linalg.generic {{.*}} ins(%[[VSUM]], %[[RV]] : tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT:    ^bb0(%[[VS:.*]]: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[NM1:.*]] = arith.constant 3.100000e+01 : f32
// CHECK-NEXT:      %[[UB:.*]] = arith.divf %[[VS]], %[[NM1]] : f32
// CHECK-NEXT:      arith.constant 1.000000e-01 : f32
// CHECK-NEXT:      arith.mulf %{{.*}}, %[[UB]] : f32
// CHECK:         return %{{.*}}, %[[MEAN]], %{{.*}}, %[[NRM]], %[[NRV]] :
func.func @bn_functional(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %r:5 = torch.aten._native_batch_norm_legit_functional %x, %w, %b, %rm, %rv, %true, %mom, %eps : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#1, %r#2, %r#3, %r#4 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

// -----

// The functional form in evaluation mode returns the running stats as
// they are.
// CHECK-LABEL: func.func @bn_functional_eval(
// CHECK-SAME:      %[[RM:[^:]*]]: tensor<3xf32>, %[[RV:[^:]*]]: tensor<3xf32>)
// CHECK:         return %{{.*}}, %[[RM]], %[[RV]] : tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>
func.func @bn_functional_eval(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %false = torch.constant.bool false
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %r:5 = torch.aten._native_batch_norm_legit_functional %x, %w, %b, %rm, %rv, %false, %mom, %eps : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#3, %r#4 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

// -----

// _native_batch_norm_legit_no_training with [C] saved statistics (the CUDA
// form): save_mean is running_mean and save_rstd the invstd vector.
// CHECK-LABEL: func.func @bn_no_training(
// CHECK-SAME:      %[[RM:[^:]*]]: tensor<3xf32>, %[[RV:[^:]*]]: tensor<3xf32>)
// CHECK:         %[[INV:.*]] = linalg.generic {{.*}} ins(%[[RV]] : tensor<3xf32>)
// CHECK:           math.rsqrt
// CHECK:         %[[OUT:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[RM]], %[[INV]], %{{.*}}, %{{.*}} :
// CHECK:         return %[[OUT]], %[[RM]], %[[INV]] :
func.func @bn_no_training(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten._native_batch_norm_legit_no_training %x, %w, %b, %rm, %rv, %mom, %eps : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.float, !torch.float -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

// -----

// _native_batch_norm_legit.no_stats: training without running stats.
// CHECK-LABEL: func.func @bn_no_stats(
// CHECK:         iterator_types = ["reduction", "parallel", "reduction"]
// CHECK:         math.rsqrt
// CHECK:         %[[OUT:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]
// CHECK:         return %[[OUT]] : tensor<2x3x5xf32>
func.func @bn_no_stats(%x: !torch.vtensor<[2,3,5],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,5],f32> {
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten._native_batch_norm_legit.no_stats %x, %w, %b, %true, %mom, %eps : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[2,3,5],f32>
}

// -----

// Backward in training mode (PyTorch's batch_norm_backward_cpu_template):
// sum = Σdy and dotp = Σ(x − mean)·dy per channel (f32 terms summed in
// f64, rounded once), then
// grad_input = ((dy − sum/n) − (x − mean)·(dotp·invstd·invstd/n))·invstd·w,
// grad_weight = dotp·invstd, grad_bias = sum.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[CH:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @bn_bwd_train(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x3x4x4xf32>, %[[X:[^:]*]]: tensor<2x3x4x4xf32>, %[[W:[^:]*]]: tensor<3xf32>, %[[SM:[^:]*]]: tensor<3xf32>, %[[SI:[^:]*]]: tensor<3xf32>)
// CHECK:         %[[SUM64:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[CH]]], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%[[DY]] : tensor<2x3x4x4xf32>) outs(%{{.*}} : tensor<3xf64>)
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[SUM64]] : tensor<3xf64>) outs(%{{.*}} : tensor<3xf32>)
// CHECK:         %[[DOT64:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[CH]], #[[CH]]], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[DY]], %[[SM]] :
// CHECK-NEXT:    ^bb0(%[[XI:.*]]: f32, %[[GI:.*]]: f32, %[[MI:.*]]: f32, %[[ACC:.*]]: f64):
// CHECK-NEXT:      %[[XC:.*]] = arith.subf %[[XI]], %[[MI]] : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[XC]], %[[GI]] : f32
// CHECK-NEXT:      %[[PW:.*]] = arith.extf %[[P]] : f32 to f64
// CHECK-NEXT:      arith.addf %[[ACC]], %[[PW]] : f64
// CHECK:         %[[DOT:.*]] = linalg.generic {{.*}} ins(%[[DOT64]] : tensor<3xf64>) outs(%{{.*}} : tensor<3xf32>)
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[CH]], #[[CH]], #[[CH]], #[[CH]], #[[CH]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[DY]], %[[SM]], %[[SI]], %[[SUM]], %[[DOT]], %[[W]] :
// CHECK-NEXT:    ^bb0(%[[XI:.*]]: f32, %[[GI:.*]]: f32, %[[MI:.*]]: f32, %[[II:.*]]: f32, %[[SI2:.*]]: f32, %[[DI:.*]]: f32, %[[WI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[N:.*]] = arith.constant 3.200000e+01 : f32
// CHECK-NEXT:      %[[K1:.*]] = arith.mulf %[[DI]], %[[II]] : f32
// CHECK-NEXT:      %[[K2:.*]] = arith.mulf %[[K1]], %[[II]] : f32
// CHECK-NEXT:      %[[K:.*]] = arith.divf %[[K2]], %[[N]] : f32
// CHECK-NEXT:      %[[GM:.*]] = arith.divf %[[SI2]], %[[N]] : f32
// CHECK-NEXT:      %[[XC:.*]] = arith.subf %[[XI]], %[[MI]] : f32
// CHECK-NEXT:      %[[PROJ:.*]] = arith.mulf %[[XC]], %[[K]] : f32
// CHECK-NEXT:      %[[G1:.*]] = arith.subf %[[GI]], %[[GM]] : f32
// CHECK-NEXT:      %[[G2:.*]] = arith.subf %[[G1]], %[[PROJ]] : f32
// CHECK-NEXT:      %[[G3:.*]] = arith.mulf %[[G2]], %[[II]] : f32
// CHECK-NEXT:      %[[G4:.*]] = arith.mulf %[[G3]], %[[WI]] : f32
// CHECK-NEXT:      linalg.yield %[[G4]] : f32
// CHECK:         %[[DW:.*]] = linalg.generic {{.*}} ins(%[[DOT]], %[[SI]] : tensor<3xf32>, tensor<3xf32>)
// CHECK:           arith.mulf
// CHECK:         return %[[DX]], %[[DW]], %[[SUM]] :
func.func @bn_bwd_train(%dy: !torch.vtensor<[2,3,4,4],f32>, %x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %sm: !torch.vtensor<[3],f32>, %si: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.native_batch_norm_backward %dy, %x, %w, %none, %none, %sm, %si, %true, %eps, %mask : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.none, !torch.none, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.list<bool> -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

// -----

// Backward in evaluation mode with grad_weight masked out (a None result):
// grad_input = dy·rsqrt(running_var + eps)·w needs no reduction, grad_bias
// is Σdy, and no dot product is computed.
// CHECK-LABEL: func.func @bn_bwd_eval(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<2x3x4x4xf32>, %[[X:[^:]*]]: tensor<2x3x4x4xf32>, %[[W:[^:]*]]: tensor<3xf32>, %[[RM:[^:]*]]: tensor<3xf32>, %[[RV:[^:]*]]: tensor<3xf32>)
// CHECK:         %[[INV:.*]] = linalg.generic {{.*}} ins(%[[RV]] : tensor<3xf32>)
// CHECK:           math.rsqrt
// CHECK:         %[[SUM64:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%[[DY]] :
// CHECK-NOT:     iterator_types = ["reduction"
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[SUM64]] : tensor<3xf64>)
// CHECK-NOT:     iterator_types = ["reduction"
// CHECK:         %[[DX:.*]] = linalg.generic {{.*}} ins(%[[DY]], %[[INV]], %[[W]] :
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %[[I:.*]]: f32, %[[WI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[A:.*]] = arith.mulf %[[G]], %[[I]] : f32
// CHECK-NEXT:      %[[B:.*]] = arith.mulf %[[A]], %[[WI]] : f32
// CHECK-NEXT:      linalg.yield %[[B]] : f32
// CHECK:         return %[[DX]], %[[SUM]] :
func.func @bn_bwd_eval(%dy: !torch.vtensor<[2,3,4,4],f32>, %x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>) {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %eps = torch.constant.float 1.000000e-05
  %mask = torch.prim.ListConstruct %true, %false, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.native_batch_norm_backward %dy, %x, %w, %rm, %rv, %none, %none, %false, %eps, %mask : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.list<bool> -> !torch.vtensor<[2,3,4,4],f32>, !torch.none, !torch.vtensor<[3],f32>
  return %r#0, %r#2 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>
}

// -----

// batch_norm_backward (PyTorch 2's form: update = train, save_var holds
// invstd, reserve is ignored) on bf16 with f32 statistics: every input is
// extended to f32 in the bodies, every result truncated to its bf16 type.
// CHECK-LABEL: func.func @bn_bwd_new_bf16(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3x4xbf16>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:           %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT:      linalg.yield %[[T]] : bf16
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<3xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<3xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return {{.*}} : tensor<2x3x4xbf16>, tensor<3xbf16>, tensor<3xbf16>
func.func @bn_bwd_new_bf16(%dy: !torch.vtensor<[2,3,4],bf16>, %x: !torch.vtensor<[2,3,4],bf16>, %w: !torch.vtensor<[3],bf16>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>, %sm: !torch.vtensor<[3],f32>, %si: !torch.vtensor<[3],f32>, %reserve: !torch.vtensor<[0],ui8>) -> (!torch.vtensor<[2,3,4],bf16>, !torch.vtensor<[3],bf16>, !torch.vtensor<[3],bf16>) {
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.batch_norm_backward %dy, %x, %w, %rm, %rv, %sm, %si, %true, %eps, %mask, %reserve : !torch.vtensor<[2,3,4],bf16>, !torch.vtensor<[2,3,4],bf16>, !torch.vtensor<[3],bf16>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.list<bool>, !torch.vtensor<[0],ui8> -> !torch.vtensor<[2,3,4],bf16>, !torch.vtensor<[3],bf16>, !torch.vtensor<[3],bf16>
  return %r#0, %r#1, %r#2 : !torch.vtensor<[2,3,4],bf16>, !torch.vtensor<[3],bf16>, !torch.vtensor<[3],bf16>
}
