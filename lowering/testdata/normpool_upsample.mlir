// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// upsample_nearest2d to twice the size: an integer factor on every dim
// resamples by phases, one dim after another from the last: W first, the
// input inserted at stride 2 twice (phases 0 and 1 both read column m),
// then H likewise. No gathers, no tables.
// CHECK-LABEL: func.func @nearest_2x(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3x4x5xf32>) -> tensor<2x3x8x10xf32>
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<2x3x4x10xf32>
// CHECK:         %[[W0:.*]] = tensor.insert_slice %[[X]] into %[[E1]][0, 0, 0, 0] [2, 3, 4, 5] [1, 1, 1, 2]
// CHECK:         %[[W1:.*]] = tensor.insert_slice %[[X]] into %[[W0]][0, 0, 0, 1] [2, 3, 4, 5] [1, 1, 1, 2]
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<2x3x8x10xf32>
// CHECK:         %[[H0:.*]] = tensor.insert_slice %[[W1]] into %[[E2]][0, 0, 0, 0] [2, 3, 4, 10] [1, 1, 2, 1]
// CHECK:         %[[H1:.*]] = tensor.insert_slice %[[W1]] into %[[H0]][0, 0, 1, 0] [2, 3, 4, 10] [1, 1, 2, 1]
// CHECK-NOT:     tensor.extract %
// CHECK:         return %[[H1]] : tensor<2x3x8x10xf32>
func.func @nearest_2x(%x: !torch.vtensor<[2,3,4,5],f32>) -> !torch.vtensor<[2,3,8,10],f32> {
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %none = torch.constant.none
  %sz = torch.prim.ListConstruct %int8, %int10 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.upsample_nearest2d %x, %sz, %none, %none : !torch.vtensor<[2,3,4,5],f32>, !torch.list<int>, !torch.none, !torch.none -> !torch.vtensor<[2,3,8,10],f32>
  return %r : !torch.vtensor<[2,3,8,10],f32>
}

// -----

// upsample_nearest2d.vec with scale_factors [1.6, 2.0] on a uint8 image:
// 4 rows give int64(4·1.6) = 6, and the rows are read at
// min(floor(o·f32(1/1.6)), 3) = floor(o·0.625), the scale's mapping, not
// the sizes' 4/6. Nearest copies any dtype: the ui8 image is an i8 tensor.
// CHECK-LABEL: func.func @nearest_vec_scales_ui8(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<1x2x4x5xi8>) -> tensor<1x2x6x10xi8>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<6x1xi64>)
// CHECK:           %[[O:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:           %[[F:.*]] = arith.sitofp %[[O]] : i64 to f32
// CHECK:           %[[S:.*]] = arith.constant 6.250000e-01 : f32
// CHECK:           %[[P:.*]] = arith.mulf %[[F]], %[[S]] : f32
// CHECK:           %[[I:.*]] = arith.fptosi %[[P]] : f32 to i64
// CHECK:           %[[LAST:.*]] = arith.constant 3 : i64
// CHECK:           %[[SRC:.*]] = arith.minsi %[[I]], %[[LAST]] : i64
// CHECK-NEXT:      linalg.yield %[[SRC]] : i64
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<10x1xi64>)
// CHECK:           arith.shrsi
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x6x10xi8>)
// CHECK:           %[[V:.*]] = tensor.extract %[[X]][{{.*}}] : tensor<1x2x4x5xi8>
// CHECK-NEXT:      linalg.yield %[[V]] : i8
// CHECK:         return %[[R]] : tensor<1x2x6x10xi8>
func.func @nearest_vec_scales_ui8(%x: !torch.vtensor<[1,2,4,5],ui8>) -> !torch.vtensor<[1,2,6,10],ui8> {
  %none = torch.constant.none
  %f1 = torch.constant.float 1.600000e+00
  %f2 = torch.constant.float 2.000000e+00
  %sf = torch.prim.ListConstruct %f1, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  %r = torch.aten.upsample_nearest2d.vec %x, %none, %sf : !torch.vtensor<[1,2,4,5],ui8>, !torch.none, !torch.list<float> -> !torch.vtensor<[1,2,6,10],ui8>
  return %r : !torch.vtensor<[1,2,6,10],ui8>
}

// -----

// upsample_bilinear2d with align_corners on bf16: each dim's [out, 2]
// tables hold the two source rows i0 = min(floor(x), in − 1),
// i1 = min(i0 + 1, in − 1) and their weights 1 − λ1, λ1 = clamp(x − i0, 0, 1)
// for x = o·(in − 1)/(out − 1), computed in f32; the interpolation is a
// generic with reductions over the 2x2 taps that sums wH·wW·x in f32, and
// the result rounds once to bf16. The unchanged W (5 → 5) copies: taps
// (o, o) with weights (1, 0), as ATen's kernel has them.
// CHECK-DAG:   #[[TH:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d4)>
// CHECK-DAG:   #[[TW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d5)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @bilinear_align_bf16(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<1x2x4x5xbf16>) -> tensor<1x2x7x5xbf16>
// CHECK:         %[[H:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<7x2xi64>, tensor<7x2xf32>)
// CHECK:           %[[S:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:           %[[F:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:           %[[XC:.*]] = arith.mulf %[[S]], %[[F]] : f32
// CHECK:           %[[I0F:.*]] = arith.fptosi %[[XC]] : f32 to i64
// CHECK:           %[[I0:.*]] = arith.minsi %[[I0F]], %{{.*}} : i64
// CHECK:           %[[I1:.*]] = arith.minsi %{{.*}}, %{{.*}} : i64
// CHECK:           %[[D:.*]] = arith.subf %[[XC]], %{{.*}} : f32
// CHECK:           %[[DLO:.*]] = arith.maxf %[[D]], %{{.*}} : f32
// CHECK:           %[[L1:.*]] = arith.minf %[[DLO]], %{{.*}} : f32
// CHECK:           %[[L0:.*]] = arith.subf %{{.*}}, %[[L1]] : f32
// CHECK:           %[[T:.*]] = linalg.index 1 : index
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i64
// CHECK:           %[[POS:.*]] = arith.select %[[FIRST]], %[[I0]], %[[I1]] : i64
// CHECK:           %[[WT:.*]] = arith.select %[[FIRST]], %[[L0]], %[[L1]] : f32
// CHECK:           linalg.yield %[[POS]], %[[WT]] : i64, f32
// CHECK:         %[[W:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<5x2xi64>, tensor<5x2xf32>)
// CHECK:         %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x2x7x5xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[TH]], #[[TW]], #[[TH]], #[[TW]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[H]]#0, %[[W]]#0, %[[H]]#1, %[[W]]#1 : tensor<7x2xi64>, tensor<5x2xi64>, tensor<7x2xf32>, tensor<5x2xf32>) outs(%[[ZERO]] : tensor<1x2x7x5xf32>)
// CHECK-NEXT:    ^bb0(%{{.*}}: i64, %{{.*}}: i64, %[[WH:.*]]: f32, %[[WW:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK:           %[[V:.*]] = tensor.extract %[[X]][{{.*}}] : tensor<1x2x4x5xbf16>
// CHECK-NEXT:      %[[VF:.*]] = arith.extf %[[V]] : bf16 to f32
// CHECK-NEXT:      %[[WHW:.*]] = arith.mulf %[[WH]], %[[WW]] : f32
// CHECK-NEXT:      %[[TERM:.*]] = arith.mulf %[[WHW]], %[[VF]] : f32
// CHECK-NEXT:      %[[NEW:.*]] = arith.addf %[[ACC]], %[[TERM]] : f32
// CHECK-NEXT:      linalg.yield %[[NEW]] : f32
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<1x2x7x5xf32>) outs(%{{.*}} : tensor<1x2x7x5xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return %[[R]] : tensor<1x2x7x5xbf16>
func.func @bilinear_align_bf16(%x: !torch.vtensor<[1,2,4,5],bf16>) -> !torch.vtensor<[1,2,7,5],bf16> {
  %int7 = torch.constant.int 7
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %true = torch.constant.bool true
  %sz = torch.prim.ListConstruct %int7, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.upsample_bilinear2d %x, %sz, %true, %none, %none : !torch.vtensor<[1,2,4,5],bf16>, !torch.list<int>, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[1,2,7,5],bf16>
  return %r : !torch.vtensor<[1,2,7,5],bf16>
}

// -----

// upsample_bilinear2d_backward, 4x5 → 8x11 without align_corners (11 is
// no multiple of 5, so no phases): a gather over a window of K = 5
// outputs per input row, not a reduction over all 8. Row i's window starts at clamp(i·8 div 4 − 2, 0, 8 − 5);
// the table recomputes the forward taps of each window output o
// (x = max(0.5·(o + 0.5) − 0.5, 0)) and keeps o, with the weight it reads
// row i with, where one of its taps is i, else −1. The sum skips −1 taps
// (reading position 0 instead) and adds wH·wW·grad_output.
// CHECK-DAG:   #[[TH:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d4)>
// CHECK-DAG:   #[[TW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d5)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @bilinear_bwd(
// CHECK-SAME:      %[[G:[^:]*]]: tensor<1x2x8x11xf32>) -> tensor<1x2x4x5xf32>
// CHECK:         %[[H:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<4x5xi64>, tensor<4x5xf32>)
// CHECK-NEXT:    ^bb0(%{{.*}}: i64, %{{.*}}: f32):
// CHECK:           %[[I:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:           %[[IP:.*]] = arith.muli %[[I]], %{{.*}} : i64
// CHECK:           %[[Q:.*]] = arith.divsi %[[IP]], %{{.*}} : i64
// CHECK:           %[[SHIFT:.*]] = arith.subi %[[Q]], %{{.*}} : i64
// CHECK:           %[[LO:.*]] = arith.maxsi %[[SHIFT]], %{{.*}} : i64
// CHECK:           %[[START:.*]] = arith.minsi %[[LO]], %{{.*}} : i64
// CHECK:           %[[K:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:           %[[O:.*]] = arith.addi %[[START]], %[[K]] : i64
// CHECK:           %[[NONE:.*]] = arith.constant -1 : i64
// CHECK:           arith.sitofp %[[O]] : i64 to f32
// CHECK:           %[[I0:.*]] = arith.minsi %{{.*}}, %{{.*}} : i64
// CHECK:           %[[I1:.*]] = arith.minsi %{{.*}}, %{{.*}} : i64
// CHECK:           %[[L1:.*]] = arith.minf %{{.*}}, %{{.*}} : f32
// CHECK:           %[[L0:.*]] = arith.subf %{{.*}}, %[[L1]] : f32
// CHECK:           %[[M0:.*]] = arith.cmpi eq, %[[I0]], %[[I]] : i64
// CHECK:           %[[M1:.*]] = arith.cmpi eq, %[[I1]], %[[I]] : i64
// CHECK:           %[[W0:.*]] = arith.select %[[M0]], %[[L0]], %{{.*}} : f32
// CHECK:           %[[W1:.*]] = arith.select %[[M1]], %[[L1]], %{{.*}} : f32
// CHECK:           %[[WT:.*]] = arith.addf %[[W0]], %[[W1]] : f32
// CHECK:           %[[READS:.*]] = arith.ori %[[M0]], %[[M1]] : i1
// CHECK:           %[[POS:.*]] = arith.select %[[READS]], %[[O]], %[[NONE]] : i64
// CHECK:           linalg.yield %[[POS]], %[[WT]] : i64, f32
// CHECK:         %[[W:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<5x6xi64>, tensor<5x6xf32>)
// CHECK:         %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x2x4x5xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[TH]], #[[TW]], #[[TH]], #[[TW]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[H]]#0, %[[W]]#0, %[[H]]#1, %[[W]]#1 : tensor<4x5xi64>, tensor<5x6xi64>, tensor<4x5xf32>, tensor<5x6xf32>) outs(%[[ZERO]] : tensor<1x2x4x5xf32>)
// CHECK-NEXT:    ^bb0(%[[PH:.*]]: i64, %[[PW:.*]]: i64, %[[WH:.*]]: f32, %[[WW:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK:           %[[VH:.*]] = arith.cmpi sge, %[[PH]], %{{.*}} : i64
// CHECK:           %[[VW:.*]] = arith.cmpi sge, %[[PW]], %{{.*}} : i64
// CHECK:           %[[VALID:.*]] = arith.andi %[[VH]], %[[VW]] : i1
// CHECK:           %[[V:.*]] = tensor.extract %[[G]][{{.*}}] : tensor<1x2x8x11xf32>
// CHECK:           %[[TERM:.*]] = arith.mulf %{{.*}}, %[[V]] : f32
// CHECK:           %[[MASKED:.*]] = arith.select %[[VALID]], %[[TERM]], %{{.*}} : f32
// CHECK-NEXT:      %[[NEW:.*]] = arith.addf %[[ACC]], %[[MASKED]] : f32
// CHECK-NEXT:      linalg.yield %[[NEW]] : f32
// CHECK:         return %[[R]] : tensor<1x2x4x5xf32>
func.func @bilinear_bwd(%g: !torch.vtensor<[1,2,8,11],f32>) -> !torch.vtensor<[1,2,4,5],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %int8 = torch.constant.int 8
  %int11 = torch.constant.int 11
  %none = torch.constant.none
  %false = torch.constant.bool false
  %osz = torch.prim.ListConstruct %int8, %int11 : (!torch.int, !torch.int) -> !torch.list<int>
  %isz = torch.prim.ListConstruct %int1, %int2, %int4, %int5 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.upsample_bilinear2d_backward %g, %osz, %isz, %false, %none, %none : !torch.vtensor<[1,2,8,11],f32>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[1,2,4,5],f32>
  return %r : !torch.vtensor<[1,2,4,5],f32>
}

// -----

// upsample_nearest2d_backward, 5x7 → 8x11: row i sums the gradient of the
// window of K = 3 outputs from clamp(i·8 div 5, 0, 5) (d = 0: no shift)
// whose nearest source floor(o·0.625) is i; the sum masks the others.
// CHECK-LABEL: func.func @nearest_bwd(
// CHECK-SAME:      %[[G:[^:]*]]: tensor<1x2x8x11xf32>) -> tensor<1x2x5x7xf32>
// CHECK:         %[[H:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<5x3xi64>)
// CHECK:           %[[I:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:           arith.divsi
// CHECK-NOT:       arith.subi
// CHECK:           %[[O:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK:           %[[NONE:.*]] = arith.constant -1 : i64
// CHECK:           %[[F:.*]] = arith.sitofp %[[O]] : i64 to f32
// CHECK:           %[[P:.*]] = arith.mulf %[[F]], %{{.*}} : f32
// CHECK:           %[[SRCF:.*]] = arith.fptosi %[[P]] : f32 to i64
// CHECK:           %[[SRC:.*]] = arith.minsi %[[SRCF]], %{{.*}} : i64
// CHECK:           %[[READS:.*]] = arith.cmpi eq, %[[SRC]], %[[I]] : i64
// CHECK:           %[[POS:.*]] = arith.select %[[READS]], %[[O]], %[[NONE]] : i64
// CHECK-NEXT:      linalg.yield %[[POS]] : i64
// CHECK:         %[[W:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<7x3xi64>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[H]], %[[W]] : tensor<5x3xi64>, tensor<7x3xi64>) outs(%{{.*}} : tensor<1x2x5x7xf32>)
// CHECK:           %[[V:.*]] = tensor.extract %[[G]][{{.*}}] : tensor<1x2x8x11xf32>
// CHECK:           %[[MASKED:.*]] = arith.select %{{.*}}, %[[V]], %{{.*}} : f32
// CHECK-NEXT:      %[[NEW:.*]] = arith.addf %{{.*}}, %[[MASKED]] : f32
// CHECK-NEXT:      linalg.yield %[[NEW]] : f32
// CHECK:         return %[[R]] : tensor<1x2x5x7xf32>
func.func @nearest_bwd(%g: !torch.vtensor<[1,2,8,11],f32>) -> !torch.vtensor<[1,2,5,7],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int5 = torch.constant.int 5
  %int7 = torch.constant.int 7
  %int8 = torch.constant.int 8
  %int11 = torch.constant.int 11
  %none = torch.constant.none
  %osz = torch.prim.ListConstruct %int8, %int11 : (!torch.int, !torch.int) -> !torch.list<int>
  %isz = torch.prim.ListConstruct %int1, %int2, %int5, %int7 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.upsample_nearest2d_backward %g, %osz, %isz, %none, %none : !torch.vtensor<[1,2,8,11],f32>, !torch.list<int>, !torch.list<int>, !torch.none, !torch.none -> !torch.vtensor<[1,2,5,7],f32>
  return %r : !torch.vtensor<[1,2,5,7],f32>
}

// -----

// upsample_linear1d, 4 → 8 without align_corners, by phases: output 2m
// reads inputs m − 1 and m with weights 0.25 and 0.75 (output 0 clamped:
// input 0 with weight 1 and input 1 with 0, kept: 0·NaN is NaN, as in
// PyTorch), output 2m + 1 reads m and m + 1 with 0.75 and 0.25 (output 7
// clamped: input 3 twice). Each run is a generic over strided slices,
// inserted at stride 2.
// CHECK-LABEL: func.func @linear_2x(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3x4xf32>) -> tensor<2x3x8xf32>
// CHECK:         %[[A0:.*]] = tensor.extract_slice %[[X]][0, 0, 0] [2, 3, 1] [1, 1, 1]
// CHECK:         %[[B0:.*]] = tensor.extract_slice %[[X]][0, 0, 1] [2, 3, 1] [1, 1, 1]
// CHECK:         %[[R0:.*]] = linalg.generic {{.*}} ins(%[[A0]], %[[B0]] : tensor<2x3x1xf32>, tensor<2x3x1xf32>)
// CHECK-NEXT:    ^bb0(%[[P:.*]]: f32, %[[Q:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[QZ:.*]] = arith.mulf %[[Q]], %[[Z]] : f32
// CHECK-NEXT:      %[[S0:.*]] = arith.addf %[[P]], %[[QZ]] : f32
// CHECK:         %[[O0:.*]] = tensor.insert_slice %[[R0]] into %{{.*}}[0, 0, 0] [2, 3, 1] [1, 1, 2]
// CHECK:         %[[A:.*]] = tensor.extract_slice %[[X]][0, 0, 0] [2, 3, 3] [1, 1, 1]
// CHECK:         %[[B:.*]] = tensor.extract_slice %[[X]][0, 0, 1] [2, 3, 3] [1, 1, 1]
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<2x3x3xf32>, tensor<2x3x3xf32>)
// CHECK:           arith.constant 2.500000e-01 : f32
// CHECK:           arith.constant 7.500000e-01 : f32
// CHECK:         %[[O1:.*]] = tensor.insert_slice %[[R]] into %[[O0]][0, 0, 2] [2, 3, 3] [1, 1, 2]
// CHECK:         %[[O2:.*]] = tensor.insert_slice %{{.*}} into %[[O1]][0, 0, 1] [2, 3, 3] [1, 1, 2]
// CHECK:         %[[O3:.*]] = tensor.insert_slice %{{.*}} into %[[O2]][0, 0, 7] [2, 3, 1] [1, 1, 2]
// CHECK-NOT:     tensor.extract %
// CHECK:         return %[[O3]] : tensor<2x3x8xf32>
func.func @linear_2x(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,8],f32> {
  %int8 = torch.constant.int 8
  %none = torch.constant.none
  %false = torch.constant.bool false
  %sz = torch.prim.ListConstruct %int8 : (!torch.int) -> !torch.list<int>
  %r = torch.aten.upsample_linear1d %x, %sz, %false, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,3,8],f32>
  return %r : !torch.vtensor<[2,3,8],f32>
}

// -----

// upsample_linear1d_backward, 8 → 16 by phases: the interior inputs i
// sum the outputs 2i − 1, 2i, 2i + 1, 2i + 2 (weights 0.25, 0.75, 0.75,
// 0.25) read at stride 2 in one run; the edges have runs of their own.
// CHECK-LABEL: func.func @linear_2x_bwd(
// CHECK-SAME:      %[[G:[^:]*]]: tensor<2x3x16xf32>) -> tensor<2x3x8xf32>
// CHECK:         %[[T0:.*]] = tensor.extract_slice %[[G]][0, 0, 3] [2, 3, 5] [1, 1, 2]
// CHECK:         %[[T1:.*]] = tensor.extract_slice %[[G]][0, 0, 4] [2, 3, 5] [1, 1, 2]
// CHECK:         %[[T2:.*]] = tensor.extract_slice %[[G]][0, 0, 5] [2, 3, 5] [1, 1, 2]
// CHECK:         %[[T3:.*]] = tensor.extract_slice %[[G]][0, 0, 6] [2, 3, 5] [1, 1, 2]
// CHECK:         %[[MID:.*]] = linalg.generic {{.*}} ins(%[[T0]], %[[T1]], %[[T2]], %[[T3]] : tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>)
// CHECK:         tensor.insert_slice %[[MID]] into %{{.*}}[0, 0, 2] [2, 3, 5] [1, 1, 1]
// CHECK-NOT:     tensor.extract %
func.func @linear_2x_bwd(%g: !torch.vtensor<[2,3,16],f32>) -> !torch.vtensor<[2,3,8],f32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int8 = torch.constant.int 8
  %int16 = torch.constant.int 16
  %none = torch.constant.none
  %false = torch.constant.bool false
  %osz = torch.prim.ListConstruct %int16 : (!torch.int) -> !torch.list<int>
  %isz = torch.prim.ListConstruct %int2, %int3, %int8 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.upsample_linear1d_backward %g, %osz, %isz, %false, %none : !torch.vtensor<[2,3,16],f32>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,3,8],f32>
  return %r : !torch.vtensor<[2,3,8],f32>
}
