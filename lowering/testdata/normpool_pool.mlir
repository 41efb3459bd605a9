// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// max_pool2d_with_indices, kernel 3, stride 2, padding 1 (the ResNet stem),
// in two elementwise passes over the −∞-padded input, each tap of the
// window an operand of its own (read at (oh·2 + kh, ow·2 + kw)): (1) the
// window max in scan order (maxf, then NaN where either side is: MLIR
// 16's maxf drops NaNs), and the flat offset kh·7 + kw of the tap
// PyTorch's scan keeps — the first equal to the max (a select chain from
// the last tap to the first) or, for a NaN max, the last NaN (offsets are
// f32, exact); (2) the int64 index: the window origin's (oh·2 − 1)·7 +
// ow·2 − 1 (two constant per-dim vectors) plus the offset, or the
// window's first valid position where the max is −∞ (no valid element
// displaced PyTorch's initial index; the −∞ padding may have matched).
// CHECK-DAG:   #[[T00:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2, d3 * 2)>
// CHECK-DAG:   #[[T01:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2, d3 * 2 + 1)>
// CHECK-DAG:   #[[T22:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + 2, d3 * 2 + 2)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[OH:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d2)>
// CHECK-DAG:   #[[OW:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @maxpool_stem(
// CHECK-SAME:      %[[XA:[^:]*]]: tensor<1x2x7x7xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xi64>)
// CHECK:         %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[XP:.*]] = tensor.pad %[[XA]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:           tensor.yield %[[NINF]] : f32
// CHECK:         %[[VO:.*]]:2 = linalg.generic {indexing_maps = [#[[T00]], #[[T01]], {{.*}}, #[[T22]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[XP]], %[[XP]], %[[XP]], %[[XP]], %[[XP]], %[[XP]], %[[XP]], %[[XP]], %[[XP]] : {{.*}}) outs(%{{.*}}, %{{.*}} : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>)
// CHECK-NEXT:    ^bb0(%[[X0:[^:]*]]: f32, %[[X1:[^:]*]]: f32, {{.*}}, %[[X8:[^:]*]]: f32, %{{[^:]*}}: f32, %{{[^:]*}}: f32):
// CHECK:           %[[M1:.*]] = arith.maxf %[[X0]], %[[X1]] : f32
// CHECK-NEXT:      %[[UNO:.*]] = arith.cmpf uno, %[[X0]], %[[X1]] : f32
// CHECK-NEXT:      %[[MAX1:.*]] = arith.select %[[UNO]], %[[NAN:.*]], %[[M1]] : f32
// CHECK-COUNT-6:   arith.select %{{.*}}, %[[NAN]], %{{.*}} : f32
// CHECK:           %[[MAX:.*]] = arith.select %{{.*}}, %[[NAN]], %{{.*}} : f32
// CHECK-NEXT:      %[[NONE:.*]] = arith.constant 0x4A000000 : f32
// CHECK-NEXT:      %[[EQ8:.*]] = arith.cmpf oeq, %[[X8]], %[[MAX]] : f32
// CHECK-NEXT:      %[[C16:.*]] = arith.constant 1.600000e+01 : f32
// CHECK-NEXT:      %[[F8:.*]] = arith.select %[[EQ8]], %[[C16]], %[[NONE]] : f32
// CHECK-COUNT-8:   arith.cmpf oeq
// CHECK:           %[[FIRST:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %[[ISNAN0:.*]] = arith.cmpf uno, %[[X0]], %[[X0]] : f32
// CHECK-COUNT-8:   arith.cmpf uno, %[[XI:[^,]*]], %[[XI]] : f32
// CHECK:           %[[MNAN:.*]] = arith.cmpf uno, %[[MAX]], %[[MAX]] : f32
// CHECK-NEXT:      %[[OFF:.*]] = arith.select %[[MNAN]], %{{.*}}, %[[FIRST]] : f32
// CHECK-NEXT:      linalg.yield %[[MAX]], %[[OFF]] : f32, f32
// CHECK-DAG:     %[[AH:.*]] = arith.constant dense<[-7.000000e+00, 7.000000e+00, 2.100000e+01, 3.500000e+01]> : tensor<4xf32>
// CHECK-DAG:     %[[FH:.*]] = arith.constant dense<[0.000000e+00, 7.000000e+00, 2.100000e+01, 3.500000e+01]> : tensor<4xf32>
// CHECK-DAG:     %[[AW:.*]] = arith.constant dense<[-1.000000e+00, 1.000000e+00, 3.000000e+00, 5.000000e+00]> : tensor<4xf32>
// CHECK-DAG:     %[[FW:.*]] = arith.constant dense<[0.000000e+00, 1.000000e+00, 3.000000e+00, 5.000000e+00]> : tensor<4xf32>
// CHECK:         %[[I:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[OH]], #[[OH]], #[[OW]], #[[OW]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[VO]]#0, %[[VO]]#1, %[[AH]], %[[FH]], %[[AW]], %[[FW]] : {{.*}}) outs(%{{.*}} : tensor<1x2x4x4xi64>)
// CHECK-NEXT:    ^bb0(%[[V:[^:]*]]: f32, %[[O:[^:]*]]: f32, %[[AHI:[^:]*]]: f32, %[[FHI:[^:]*]]: f32, %[[AWI:[^:]*]]: f32, %[[FWI:[^:]*]]: f32, %{{.*}}: i64):
// CHECK-NEXT:      %[[AT1:.*]] = arith.addf %[[O]], %[[AHI]] : f32
// CHECK-NEXT:      %[[AT:.*]] = arith.addf %[[AT1]], %[[AWI]] : f32
// CHECK-NEXT:      %[[FIRSTPOS:.*]] = arith.addf %[[FHI]], %[[FWI]] : f32
// CHECK-NEXT:      %[[NINF2:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT:      %[[ALLNEG:.*]] = arith.cmpf oeq, %[[V]], %[[NINF2]] : f32
// CHECK-NEXT:      %[[POS:.*]] = arith.select %[[ALLNEG]], %[[FIRSTPOS]], %[[AT]] : f32
// CHECK-NEXT:      %[[LIN:.*]] = arith.fptosi %[[POS]] : f32 to i64
// CHECK-NEXT:      linalg.yield %[[LIN]] : i64
// CHECK:         return %[[VO]]#0, %[[I]] : tensor<1x2x4x4xf32>, tensor<1x2x4x4xi64>
func.func @maxpool_stem(%x: !torch.vtensor<[1,2,7,7],f32>) -> (!torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[1,2,4,4],si64>) {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[1,2,7,7],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[1,2,4,4],si64>
  return %r#0, %r#1 : !torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[1,2,4,4],si64>
}

// -----

// Unbatched [C, H, W] input, per-dim kernel (2, 3), stride (2, 1), padding
// 1, dilation (2, 1), ceil_mode: H gives floor((6 + 2 − 2 − 1 + 1)/2) + 1 =
// 4, W gives 7; the taps read (oh·2 + kh·2, ow + kw). The −∞ padding on
// the high side reaches the last window's farthest tap: 3·2 + 2 − 1 = 7 in
// H (2 beyond the input) and 6 + 2 − 1 = 7 in W (1 beyond). Along W, of
// stride 1, tap 0 would read the bare ow, which MLIR holds to the loop's
// extent 7, not the padded 9: one more column of low padding moves the
// taps to ow + 1, ow + 2, ow + 3.
// CHECK-DAG:   #[[X00:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1 * 2, d2 + 1)>
// CHECK-DAG:   #[[X12:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1 * 2 + 2, d2 + 3)>
// CHECK-LABEL: func.func @maxpool_unbatched_dilated_ceil(
// CHECK:         tensor.pad %{{.*}} low[0, 1, 2] high[0, 2, 1]
// CHECK:         } : tensor<2x6x7xf32> to tensor<2x9x10xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[X00]], {{.*}}, #[[X12]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:      outs(%{{.*}}, %{{.*}} : tensor<2x4x7xf32>, tensor<2x4x7xf32>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4x7xi64>)
func.func @maxpool_unbatched_dilated_ceil(%x: !torch.vtensor<[2,6,7],f32>) -> (!torch.vtensor<[2,4,7],f32>, !torch.vtensor<[2,4,7],si64>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %true : !torch.vtensor<[2,6,7],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,4,7],f32>, !torch.vtensor<[2,4,7],si64>
  return %r#0, %r#1 : !torch.vtensor<[2,4,7],f32>, !torch.vtensor<[2,4,7],si64>
}

// -----

// An empty stride list means stride = kernel_size. Without padding the
// input is read as it is, and a window of −∞ has its first tap at its
// origin: the index is the origin's sum of per-dim constants plus the
// offset, with no first-valid-position select.
// CHECK-DAG:   #[[X:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2, d3 * 2)>
// CHECK-LABEL: func.func @maxpool_default_stride(
// CHECK-SAME:      %[[XA:[^:]*]]: tensor<1x1x4x6xf64>)
// CHECK-NOT:     tensor.pad
// CHECK:         %[[VO:.*]]:2 = linalg.generic {indexing_maps = [#[[X]], {{.*}}]{{.*}} ins(%[[XA]], %[[XA]], %[[XA]], %[[XA]] : tensor<1x1x4x6xf64>, tensor<1x1x4x6xf64>, tensor<1x1x4x6xf64>, tensor<1x1x4x6xf64>) outs(%{{.*}}, %{{.*}} : tensor<1x1x2x3xf64>, tensor<1x1x2x3xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[VO]]#0, %[[VO]]#1, %{{.*}}, %{{.*}} : tensor<1x1x2x3xf64>, tensor<1x1x2x3xf32>, tensor<2xf32>, tensor<3xf32>)
// CHECK-NOT:       arith.select
// CHECK:           linalg.yield
func.func @maxpool_default_stride(%x: !torch.vtensor<[1,1,4,6],f64>) -> (!torch.vtensor<[1,1,2,3],f64>, !torch.vtensor<[1,1,2,3],si64>) {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct  : () -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[1,1,4,6],f64>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,2,3],f64>, !torch.vtensor<[1,1,2,3],si64>
  return %r#0, %r#1 : !torch.vtensor<[1,1,2,3],f64>, !torch.vtensor<[1,1,2,3],si64>
}

// -----

// A window of more than 27 taps (4x7) is not unrolled: three passes over
// the −∞-padded input, each a body the CPU runs in lanes: (1) the window
// max (a reduction over the window); (2) per window the min of each tap's
// key, its ordinal t where it equals the max, 2^20 + 27 − t where it is
// NaN (the min is then the last NaN, as PyTorch's scan), 2^21 elsewhere
// (keys are f32, exact); (3) the key's tap as the int64 index ih·9 + iw,
// or the window's first valid position where the max is −∞.
// CHECK-DAG:   #[[X:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-DAG:   #[[WIN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @maxpool_large_window(
// CHECK-SAME:      %[[XA:[^:]*]]: tensor<1x2x9x9xf32>) -> (tensor<1x2x4x5xf32>, tensor<1x2x4x5xi64>)
// CHECK:         %[[XP:.*]] = tensor.pad %[[XA]] low[0, 0, 1, 3] high[0, 0, 0, 3]
// CHECK:         %[[WT:.*]] = tensor.empty() : tensor<4x7xf32>
// CHECK:         %[[V:.*]] = linalg.generic {indexing_maps = [#[[X]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[XP]], %[[WT]] : tensor<1x2x10x15xf32>, tensor<4x7xf32>) outs(%{{.*}} : tensor<1x2x4x5xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.maxf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      %[[UNO:.*]] = arith.cmpf uno, %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:      %[[MAX:.*]] = arith.select %[[UNO]], %[[NAN]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[MAX]] : f32
// CHECK:         %[[NONE:.*]] = arith.constant 0x4A000000 : f32
// CHECK:         %[[KINIT:.*]] = linalg.fill ins(%[[NONE]] : f32) outs(%{{.*}} : tensor<1x2x4x5xf32>)
// CHECK:         %[[ORD:.*]] = arith.constant dense<{{\[}}[0.000000e+00, 1.000000e+00, {{.*}}]> : tensor<4x7xf32>
// CHECK:         %[[REV:.*]] = arith.constant dense<{{.*}}> : tensor<4x7xf32>
// CHECK:         %[[K:.*]] = linalg.generic {indexing_maps = [#[[X]], #[[OUT]], #[[WIN]], #[[WIN]], #[[OUT]]], {{.*}} ins(%[[XP]], %[[V]], %[[ORD]], %[[REV]] : tensor<1x2x10x15xf32>, tensor<1x2x4x5xf32>, tensor<4x7xf32>, tensor<4x7xf32>) outs(%[[KINIT]] : tensor<1x2x4x5xf32>)
// CHECK-NEXT:    ^bb0(%[[XI:.*]]: f32, %[[VI:.*]]: f32, %[[T:.*]]: f32, %[[BT:.*]]: f32, %[[KA:.*]]: f32):
// CHECK-NEXT:      %[[ISNAN:.*]] = arith.cmpf uno, %[[XI]], %[[XI]] : f32
// CHECK:           %[[K1:.*]] = arith.select %[[ISNAN]], %[[BT]], %{{.*}} : f32
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpf oeq, %[[XI]], %[[VI]] : f32
// CHECK-NEXT:      %[[KEY:.*]] = arith.select %[[EQ]], %[[T]], %[[K1]] : f32
// CHECK-NEXT:      %[[KMIN:.*]] = arith.minf %[[KA]], %[[KEY]] : f32
// CHECK-NEXT:      linalg.yield %[[KMIN]] : f32
// CHECK:         %[[I:.*]] = linalg.generic {{.*}} ins(%[[K]], %[[V]] : tensor<1x2x4x5xf32>, tensor<1x2x4x5xf32>) outs(%{{.*}} : tensor<1x2x4x5xi64>)
// CHECK:           %[[TAP:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK:           %[[ALLNEG:.*]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK:           %[[TW:.*]] = arith.remsi %[[TAP]], %{{.*}} : i64
// CHECK:           %[[TH:.*]] = arith.divsi %[[TAP]], %{{.*}} : i64
// CHECK:           %[[IW0:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:           %[[IW:.*]] = arith.addi %[[IW0]], %[[TW]] : i64
// CHECK:           %[[FW:.*]] = arith.maxsi %[[IW0]], %{{.*}} : i64
// CHECK:           %[[PW:.*]] = arith.select %[[ALLNEG]], %[[FW]], %[[IW]] : i64
// CHECK:           %[[PH:.*]] = arith.select %[[ALLNEG]], %{{.*}}, %{{.*}} : i64
// CHECK:           %[[ROW:.*]] = arith.muli %[[PH]], %{{.*}} : i64
// CHECK:           %[[LIN:.*]] = arith.addi %[[ROW]], %[[PW]] : i64
// CHECK-NEXT:      linalg.yield %[[LIN]] : i64
// CHECK:         return %[[V]], %[[I]] : tensor<1x2x4x5xf32>, tensor<1x2x4x5xi64>
func.func @maxpool_large_window(%x: !torch.vtensor<[1,2,9,9],f32>) -> (!torch.vtensor<[1,2,4,5],f32>, !torch.vtensor<[1,2,4,5],si64>) {
  %int4 = torch.constant.int 4
  %int7 = torch.constant.int 7
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int4, %int7 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[1,2,9,9],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,4,5],f32>, !torch.vtensor<[1,2,4,5],si64>
  return %r#0, %r#1 : !torch.vtensor<[1,2,4,5],f32>, !torch.vtensor<[1,2,4,5],si64>
}

// -----

// max_pool2d_with_indices_backward, kernel 3, stride 2, padding 1, by
// phases: input row h = 2q + r lies in the windows q + c with c in {0, 1}
// (over both phases), so each position asks 2x2 candidate windows, not 9
// taps. rel = index − the flat index of the window's origin ((2o − 1)·7
// and 2o − 1, two constant vectors), padded with −1 where a candidate
// lies past the 4x4 grad (a row high, and a row low so that no read is a
// bare q); the [r_h, c_h, r_w, c_w] table holds each candidate's tap
// offset, −2 where phase 0 has no tap at c = 1. One elementwise generic
// over [N, C, 4, 2, 4, 2] adds the matching candidates in increasing
// window order; a collapse_shape gives 8x8, cut to 7x7.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[OH:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d2)>
// CHECK-DAG:   #[[OW:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-DAG:   #[[C00:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 + 1, d5 + 1)>
// CHECK-DAG:   #[[T00:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, 0, d3, 0)>
// CHECK-DAG:   #[[C01:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 + 1, d5 + 2)>
// CHECK-DAG:   #[[T01:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, 0, d3, 1)>
// CHECK-DAG:   #[[C10:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 + 2, d5 + 1)>
// CHECK-DAG:   #[[T10:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, 1, d3, 0)>
// CHECK-DAG:   #[[C11:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 + 2, d5 + 2)>
// CHECK-DAG:   #[[T11:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, 1, d3, 1)>
// CHECK-DAG:   #[[VIEW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d2, d5, d3)>
// CHECK-LABEL: func.func @maxpool_bwd(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x4x4xf32>, %{{[^:]*}}: tensor<1x2x7x7xf32>, %[[IDX:[^:]*]]: tensor<1x2x4x4xi64>)
// CHECK-DAG:     %[[AH:.*]] = arith.constant dense<[-7.000000e+00, 7.000000e+00, 2.100000e+01, 3.500000e+01]> : tensor<4xf32>
// CHECK-DAG:     %[[AW:.*]] = arith.constant dense<[-1.000000e+00, 1.000000e+00, 3.000000e+00, 5.000000e+00]> : tensor<4xf32>
// CHECK:         %[[REL:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[OH]], #[[OW]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[IDX]], %[[AH]], %[[AW]] : tensor<1x2x4x4xi64>, tensor<4xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<1x2x4x4xf32>)
// CHECK-NEXT:    ^bb0(%[[I:.*]]: i64, %[[OFFH:[^:]*]]: f32, %[[OFFW:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[IF:.*]] = arith.sitofp %[[I]] : i64 to f32
// CHECK-NEXT:      %[[R1:.*]] = arith.subf %[[IF]], %[[OFFH]] : f32
// CHECK-NEXT:      %[[R2:.*]] = arith.subf %[[R1]], %[[OFFW]] : f32
// CHECK-NEXT:      linalg.yield %[[R2]] : f32
// CHECK:         %[[M1:.*]] = arith.constant -1.000000e+00 : f32
// CHECK:         %[[RELP:.*]] = tensor.pad %[[REL]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:           tensor.yield %[[M1]] : f32
// CHECK:         %[[DYP:.*]] = tensor.pad %[[DY]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:         %[[T:.*]] = arith.constant dense<{{\[}}[{{\[}}[8.000000e+00, -2.000000e+00], [9.000000e+00, 7.000000e+00]], {{\[}}[-2.000000e+00, -2.000000e+00], [-2.000000e+00, -2.000000e+00]]], {{\[}}[{{\[}}1.500000e+01, -2.000000e+00], [1.600000e+01, 1.400000e+01]], {{\[}}[1.000000e+00, -2.000000e+00], [2.000000e+00, 0.000000e+00]]]]> : tensor<2x2x2x2xf32>
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [#[[C00]], #[[T00]], #[[C00]], #[[C01]], #[[T01]], #[[C01]], #[[C10]], #[[T10]], #[[C10]], #[[C11]], #[[T11]], #[[C11]], #[[VIEW]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[RELP]], %[[T]], %[[DYP]], %[[RELP]], %[[T]], %[[DYP]], %[[RELP]], %[[T]], %[[DYP]], %[[RELP]], %[[T]], %[[DYP]] : {{.*}}) outs(%{{.*}} : tensor<1x2x4x2x4x2xf32>)
// CHECK-NEXT:    ^bb0(%[[R00:[^:]*]]: f32, %[[K00:[^:]*]]: f32, %[[G00:[^:]*]]: f32, %[[R01:[^:]*]]: f32, %[[K01:[^:]*]]: f32, %[[G01:[^:]*]]: f32, {{.*}}: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[E00:.*]] = arith.cmpf oeq, %[[R00]], %[[K00]] : f32
// CHECK-NEXT:      %[[S00:.*]] = arith.select %[[E00]], %[[G00]], %[[Z]] : f32
// CHECK-NEXT:      %[[E01:.*]] = arith.cmpf oeq, %[[R01]], %[[K01]] : f32
// CHECK-NEXT:      %[[A01:.*]] = arith.addf %[[S00]], %[[G01]] : f32
// CHECK-NEXT:      %[[S01:.*]] = arith.select %[[E01]], %[[A01]], %[[S00]] : f32
// CHECK-COUNT-2:   arith.select
// CHECK-NEXT:      linalg.yield
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[S]] {{\[}}[0], [1], [2, 3], [4, 5]] : tensor<1x2x4x2x4x2xf32> into tensor<1x2x8x8xf32>
// CHECK:         %[[GI:.*]] = tensor.extract_slice %[[C]][0, 0, 0, 0] [1, 2, 7, 7] [1, 1, 1, 1] : tensor<1x2x8x8xf32> to tensor<1x2x7x7xf32>
// CHECK:         return %[[GI]] : tensor<1x2x7x7xf32>
func.func @maxpool_bwd(%dy: !torch.vtensor<[1,2,4,4],f32>, %x: !torch.vtensor<[1,2,7,7],f32>, %idx: !torch.vtensor<[1,2,4,4],si64>) -> !torch.vtensor<[1,2,7,7],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.max_pool2d_with_indices_backward %dy, %x, %k, %s, %p, %d, %false, %idx : !torch.vtensor<[1,2,4,4],f32>, !torch.vtensor<[1,2,7,7],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.vtensor<[1,2,4,4],si64> -> !torch.vtensor<[1,2,7,7],f32>
  return %r : !torch.vtensor<[1,2,7,7],f32>
}

// -----

// With stride 1 there is one phase and the candidates are the 3x3 taps
// themselves, read from rel and the gradient padded by 3 low (the taps
// reach two windows back, plus one so that no read is a bare q) and 2
// high; the bf16 gradient is summed in f32 and truncated once.
// CHECK-LABEL: func.func @maxpool_bwd_stride1_bf16(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x1x3x3xbf16>, %{{[^:]*}}: tensor<1x1x5x5xbf16>, %[[IDX:[^:]*]]: tensor<1x1x3x3xi64>)
// CHECK:         tensor.pad %{{.*}} low[0, 0, 3, 3] high[0, 0, 2, 2]
// CHECK:         arith.extf %{{.*}} : bf16 to f32
// CHECK:         tensor.pad %{{.*}} low[0, 0, 3, 3] high[0, 0, 2, 2]
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x1x5x1x5x1xf32>)
// CHECK-COUNT-9:   arith.cmpf oeq
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x1x5x5xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
func.func @maxpool_bwd_stride1_bf16(%dy: !torch.vtensor<[1,1,3,3],bf16>, %x: !torch.vtensor<[1,1,5,5],bf16>, %idx: !torch.vtensor<[1,1,3,3],si64>) -> !torch.vtensor<[1,1,5,5],bf16> {
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.max_pool2d_with_indices_backward %dy, %x, %k, %s, %p, %d, %false, %idx : !torch.vtensor<[1,1,3,3],bf16>, !torch.vtensor<[1,1,5,5],bf16>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.vtensor<[1,1,3,3],si64> -> !torch.vtensor<[1,1,5,5],bf16>
  return %r : !torch.vtensor<[1,1,5,5],bf16>
}

// -----

// avg_pool2d, kernel 2, stride 2: the window sum over the input, each of
// the 4 taps an operand read at (oh·2 + kh, ow·2 + kw) and added from 0 in
// scan order (0 + −0 is +0, as PyTorch's sum), then one division by the
// constant window size 4.
// CHECK-DAG:   #[[X00:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2, d3 * 2)>
// CHECK-DAG:   #[[X11:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + 1, d3 * 2 + 1)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @avgpool_k2s2(
// CHECK-SAME:      %[[XA:[^:]*]]: tensor<1x3x4x6xf32>)
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [#[[X00]], {{.*}}, #[[X11]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[XA]], %[[XA]], %[[XA]], %[[XA]] : {{.*}}) outs(%{{.*}} : tensor<1x3x2x3xf32>)
// CHECK-NEXT:    ^bb0(%[[A0:[^:]*]]: f32, %[[A1:[^:]*]]: f32, %[[A2:[^:]*]]: f32, %[[A3:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[S0:.*]] = arith.addf %[[Z]], %[[A0]] : f32
// CHECK-NEXT:      %[[S1:.*]] = arith.addf %[[S0]], %[[A1]] : f32
// CHECK-NEXT:      %[[S2:.*]] = arith.addf %[[S1]], %[[A2]] : f32
// CHECK-NEXT:      %[[S3:.*]] = arith.addf %[[S2]], %[[A3]] : f32
// CHECK-NEXT:      linalg.yield %[[S3]] : f32
// CHECK:         %[[A:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[S]] : tensor<1x3x2x3xf32>)
// CHECK:           %[[D:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %{{.*}}, %[[D]] : f32
// CHECK-NEXT:      linalg.yield %[[Q]] : f32
// CHECK:         return %[[A]]
func.func @avgpool_k2s2(%x: !torch.vtensor<[1,3,4,6],f32>) -> !torch.vtensor<[1,3,2,3],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.avg_pool2d %x, %k, %s, %p, %false, %true, %none : !torch.vtensor<[1,3,4,6],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,3,2,3],f32>
  return %r : !torch.vtensor<[1,3,2,3],f32>
}

// -----

// count_include_pad = false with ceil_mode: each window's divisor counts
// only its positions inside the input — 2, 3, 3, 1 along each of H and W
// for 6 → 4 with kernel 3, stride 2, padding 1 — read from two constant
// vectors through (d2) and (d3) and multiplied.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[OH:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d2)>
// CHECK-DAG:   #[[OW:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @avgpool_ceil_nocount(
// CHECK:         tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 2, 2]
// CHECK:         %[[S:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x4x4xf32>)
// CHECK:         %[[DH:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00, 3.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK:         %[[DW:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00, 3.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[OH]], #[[OW]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[S]], %[[DH]], %[[DW]] :
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f32, %[[FH:.*]]: f32, %[[FW:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[DIV:.*]] = arith.mulf %[[FH]], %[[FW]] : f32
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[V]], %[[DIV]] : f32
// CHECK-NEXT:      linalg.yield %[[Q]] : f32
func.func @avgpool_ceil_nocount(%x: !torch.vtensor<[1,2,6,6],f32>) -> !torch.vtensor<[1,2,4,4],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.avg_pool2d %x, %k, %s, %p, %true, %false, %none : !torch.vtensor<[1,2,6,6],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,2,4,4],f32>
  return %r : !torch.vtensor<[1,2,4,4],f32>
}

// -----

// divisor_override replaces every divisor; padding is zeros, one row more
// on the low side where the stride is 1 (the window's first tap would
// read the bare output row of a longer padded extent).
// CHECK-LABEL: func.func @avgpool_override(
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         tensor.pad %{{.*}} low[0, 2, 1] high[0, 1, 1]
// CHECK:           tensor.yield %[[Z]] : f64
// CHECK:         arith.constant 5.000000e+00 : f64
// CHECK-NEXT:    arith.divf
func.func @avgpool_override(%x: !torch.vtensor<[2,5,7],f64>) -> !torch.vtensor<[2,6,4],f64> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int5 = torch.constant.int 5
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.avg_pool2d %x, %k, %s, %p, %false, %true, %int5 : !torch.vtensor<[2,5,7],f64>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.int -> !torch.vtensor<[2,6,4],f64>
  return %r : !torch.vtensor<[2,6,4],f64>
}

// -----

// avg_pool2d_backward, kernel 2, stride 2: grad_output / 4, and each
// input position's one window (the windows tile the input: one candidate
// per phase, every one holding a tap, so no table and no sum) — a
// broadcast into [N, C, OH, 2, OW, 2], collapsed to [N, C, H, W].
// CHECK-DAG:   #[[OUT4:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>
// CHECK-DAG:   #[[VIEW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d2, d5, d3)>
// CHECK-LABEL: func.func @avgpool_bwd(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x3x3xf32>
// CHECK:         %[[SC:.*]] = linalg.generic {{.*}} ins(%[[DY]] : tensor<1x2x3x3xf32>)
// CHECK:           arith.constant 4.000000e+00 : f32
// CHECK:         %[[B:.*]] = linalg.generic {indexing_maps = [#[[OUT4]], #[[VIEW]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[SC]] : tensor<1x2x3x3xf32>) outs(%{{.*}} : tensor<1x2x3x2x3x2xf32>)
// CHECK-NEXT:    ^bb0(%[[G:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[G]] : f32
// CHECK:         %[[GI:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0], [1], [2, 3], [4, 5]] : tensor<1x2x3x2x3x2xf32> into tensor<1x2x6x6xf32>
// CHECK:         return %[[GI]]
func.func @avgpool_bwd(%dy: !torch.vtensor<[1,2,3,3],f32>, %x: !torch.vtensor<[1,2,6,6],f32>) -> !torch.vtensor<[1,2,6,6],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.avg_pool2d_backward %dy, %x, %k, %s, %p, %false, %true, %none : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,6,6],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,2,6,6],f32>
  return %r : !torch.vtensor<[1,2,6,6],f32>
}

// -----

// Global average pooling as _adaptive_avg_pool2d(x, [1, 1]) on f16: a
// uniform split is a pooling with kernel = stride = 7, summed in f32; the
// average is sum / 7 / 7 as PyTorch computes it, then truncated to f16.
// CHECK-DAG:   #[[X:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 7 + d4, d3 * 7 + d5)>
// CHECK-LABEL: func.func @adaptive_global_f16(
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [#[[X]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<2x4x7x7xf16>, tensor<7x7xf16>) outs(%{{.*}} : tensor<2x4x1x1xf32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK:         linalg.generic {{.*}} ins(%[[S]] : tensor<2x4x1x1xf32>) outs(%{{.*}} : tensor<2x4x1x1xf16>)
// CHECK:           %[[KH:.*]] = arith.constant 7.000000e+00 : f32
// CHECK-NEXT:      %[[KW:.*]] = arith.constant 7.000000e+00 : f32
// CHECK-NEXT:      %[[A:.*]] = arith.divf %{{.*}}, %[[KH]] : f32
// CHECK-NEXT:      %[[B:.*]] = arith.divf %[[A]], %[[KW]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[B]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[T]] : f16
func.func @adaptive_global_f16(%x: !torch.vtensor<[2,4,7,7],f16>) -> !torch.vtensor<[2,4,1,1],f16> {
  %int1 = torch.constant.int 1
  %o = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten._adaptive_avg_pool2d %x, %o : !torch.vtensor<[2,4,7,7],f16>, !torch.list<int> -> !torch.vtensor<[2,4,1,1],f16>
  return %r : !torch.vtensor<[2,4,1,1],f16>
}

// -----

// A non-uniform split (5 → 3: windows [0, 2), [1, 4), [3, 5)) sums over the
// whole plane, testing floor(oh·5/3) ≤ ih < ceil((oh+1)·5/3) in the body,
// and divides by the window sizes 2, 3, 2 (and 4 → 2: 2, 2) in turn.
// CHECK-DAG:   #[[X:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @adaptive_nonuniform(
// CHECK:         linalg.generic {indexing_maps = [#[[X]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK:           %[[IH:.*]] = linalg.index 4 : index
// CHECK-NEXT:      %[[OH:.*]] = linalg.index 2 : index
// CHECK-NEXT:      %[[C5:.*]] = arith.constant 5 : index
// CHECK-NEXT:      %[[A:.*]] = arith.muli %[[OH]], %[[C5]] : index
// CHECK-NEXT:      %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:      %[[START:.*]] = arith.divsi %[[A]], %[[C3]] : index
// CHECK:           %[[B:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:           %[[END:.*]] = arith.divsi %[[B]], %{{.*}} : index
// CHECK-NEXT:      arith.cmpi sge, %[[IH]], %[[START]] : index
// CHECK-NEXT:      arith.cmpi slt, %[[IH]], %[[END]] : index
// CHECK:           arith.select
// CHECK:         arith.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK:         arith.constant dense<2.000000e+00> : tensor<2xf32>
// CHECK:           arith.divf
// CHECK-NEXT:      arith.divf
func.func @adaptive_nonuniform(%x: !torch.vtensor<[1,2,5,4],f32>) -> !torch.vtensor<[1,2,3,2],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %o = torch.prim.ListConstruct %int3, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten._adaptive_avg_pool2d %x, %o : !torch.vtensor<[1,2,5,4],f32>, !torch.list<int> -> !torch.vtensor<[1,2,3,2],f32>
  return %r : !torch.vtensor<[1,2,3,2],f32>
}

// -----

// The backward of a uniform split: every input position lies in exactly one
// window, so grad / kh / kw is broadcast into [N, C, OH, kh, OW, kw] and
// collapsed to [N, C, H, W].
// CHECK-DAG:   #[[G:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4)>
// CHECK-DAG:   #[[E:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @adaptive_bwd_uniform(
// CHECK:         %[[SC:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<2x4x1x1xf32>)
// CHECK:           arith.divf
// CHECK-NEXT:      arith.divf
// CHECK:         %[[B:.*]] = linalg.generic {indexing_maps = [#[[G]], #[[E]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[SC]] : tensor<2x4x1x1xf32>) outs(%{{.*}} : tensor<2x4x1x7x1x7xf32>)
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0], [1], [2, 3], [4, 5]] : tensor<2x4x1x7x1x7xf32> into tensor<2x4x7x7xf32>
// CHECK:         return %[[C]]
func.func @adaptive_bwd_uniform(%dy: !torch.vtensor<[2,4,1,1],f32>, %x: !torch.vtensor<[2,4,7,7],f32>) -> !torch.vtensor<[2,4,7,7],f32> {
  %r = torch.aten._adaptive_avg_pool2d_backward %dy, %x : !torch.vtensor<[2,4,1,1],f32>, !torch.vtensor<[2,4,7,7],f32> -> !torch.vtensor<[2,4,7,7],f32>
  return %r : !torch.vtensor<[2,4,7,7],f32>
}

// -----

// The backward of a non-uniform split on an unbatched input: each input
// position sums grad / kh / kw over the windows whose membership test holds
// (reductions over oh, ow).
// CHECK-DAG:   #[[G:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @adaptive_bwd_nonuniform(
// CHECK:         arith.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[G]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK:           arith.andi
// CHECK:           arith.select
// CHECK:           arith.addf
func.func @adaptive_bwd_nonuniform(%dy: !torch.vtensor<[3,3,2],f32>, %x: !torch.vtensor<[3,5,4],f32>) -> !torch.vtensor<[3,5,4],f32> {
  %r = torch.aten._adaptive_avg_pool2d_backward %dy, %x : !torch.vtensor<[3,3,2],f32>, !torch.vtensor<[3,5,4],f32> -> !torch.vtensor<[3,5,4],f32>
  return %r : !torch.vtensor<[3,5,4],f32>
}

// -----

// max_pool3d_with_indices, kernel 2, stride 2, no padding (the 1-entry
// lists stand for all three dims): the 8 taps read the input at
// (od·2 + kd, oh·2 + kh, ow·2 + kw); the index is the window origin's
// od·2·36 + oh·2·6 + ow·2 (three constant vectors) plus the tap's offset.
// With no padding no window starts before the input: no first-valid
// position.
// CHECK-DAG:   #[[X000:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2 * 2, d3 * 2, d4 * 2)>
// CHECK-DAG:   #[[X111:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2 * 2 + 1, d3 * 2 + 1, d4 * 2 + 1)>
// CHECK-LABEL: func.func @maxpool3d(
// CHECK-SAME:      %[[XA:[^:]*]]: tensor<2x3x4x6x6xf32>)
// CHECK:         %[[VO:.*]]:2 = linalg.generic {indexing_maps = [#[[X000]], {{.*}}, #[[X111]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[XA]], %[[XA]], %[[XA]], %[[XA]], %[[XA]], %[[XA]], %[[XA]], %[[XA]] :
// CHECK:         %[[AD:.*]] = arith.constant dense<[0.000000e+00, 7.200000e+01]> : tensor<2xf32>
// CHECK:         %[[AH:.*]] = arith.constant dense<[0.000000e+00, 1.200000e+01, 2.400000e+01]> : tensor<3xf32>
// CHECK:         %[[AW:.*]] = arith.constant dense<[0.000000e+00, 2.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[VO]]#0, %[[VO]]#1, %[[AD]], %[[AH]], %[[AW]] : {{.*}}) outs(%{{.*}} : tensor<2x3x2x3x3xi64>)
// CHECK-COUNT-3:   arith.addf
// CHECK-NEXT:      %[[LIN:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK-NEXT:      linalg.yield %[[LIN]] : i64
func.func @maxpool3d(%x: !torch.vtensor<[2,3,4,6,6],f32>) -> (!torch.vtensor<[2,3,2,3,3],f32>, !torch.vtensor<[2,3,2,3,3],si64>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %r:2 = torch.aten.max_pool3d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[2,3,4,6,6],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3,2,3,3],f32>, !torch.vtensor<[2,3,2,3,3],si64>
  return %r#0, %r#1 : !torch.vtensor<[2,3,2,3,3],f32>, !torch.vtensor<[2,3,2,3,3],si64>
}

// -----

// _adaptive_avg_pool3d_backward with every output extent dividing its
// input extent (4/2, 3/1, 6/3): the gradient, divided by kd, kh and kw in
// turn as PyTorch's kernel does, is broadcast into [.., OD, kd, OH, kh, OW,
// kw] and collapsed pairwise to [.., D, H, W].
// CHECK-LABEL: func.func @adaptive3d_bwd(
// CHECK:           arith.divf
// CHECK-NEXT:      arith.divf
// CHECK-NEXT:      arith.divf
// CHECK:         %[[B:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x2x2x1x3x3x2xf32>)
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0], [1], [2, 3], [4, 5], [6, 7]] : tensor<1x2x2x2x1x3x3x2xf32> into tensor<1x2x4x3x6xf32>
// CHECK:         return %[[C]]
func.func @adaptive3d_bwd(%dy: !torch.vtensor<[1,2,2,1,3],f32>, %x: !torch.vtensor<[1,2,4,3,6],f32>) -> !torch.vtensor<[1,2,4,3,6],f32> {
  %r = torch.aten._adaptive_avg_pool3d_backward %dy, %x : !torch.vtensor<[1,2,2,1,3],f32>, !torch.vtensor<[1,2,4,3,6],f32> -> !torch.vtensor<[1,2,4,3,6],f32>
  return %r : !torch.vtensor<[1,2,4,3,6],f32>
}

// -----

// avg_pool1d (kernel 3, stride 2, padding 1, counting the padding) on an
// unbatched [C, L] input: pad L, sum the windows over one reduction loop,
// divide by the uniform 3.
// CHECK-LABEL: func.func @avgpool1d(
// CHECK:         %[[P:.*]] = tensor.pad %{{.*}} low[0, 1] high[0, 0]
// CHECK:         %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[P]], %[[P]], %[[P]] : tensor<3x11xf32>, tensor<3x11xf32>, tensor<3x11xf32>) outs(%{{.*}} : tensor<3x5xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[S]] : tensor<3x5xf32>)
// CHECK:           %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
// CHECK:           arith.divf %{{.*}}, %[[THREE]] : f32
func.func @avgpool1d(%x: !torch.vtensor<[3,10],f32>) -> !torch.vtensor<[3,5],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %r = torch.aten.avg_pool1d %x, %k, %s, %p, %false, %true : !torch.vtensor<[3,10],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[3,5],f32>
  return %r : !torch.vtensor<[3,5],f32>
}

// -----

// max_pool2d_with_indices_backward when the 2x2 windows tile the 4x6
// input (kernel = stride, no padding): one candidate window per input
// position, so no padding and no sum. rel is each window's index less its
// origin's flat index (oh·2·6 + ow·2); one parallel generic over
// [N, C, OH, 2, OW, 2], the phase loops outside the output ones, compares
// it with the position's own offset (the table [[0, 1], [6, 7]]) and
// selects the gradient or 0; a collapse_shape gives [N, C, H, W].
// CHECK-DAG:   #[[OUT4:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>
// CHECK-DAG:   #[[TAB:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, 0, d3, 0)>
// CHECK-DAG:   #[[SPREAD:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d2, d5, d3)>
// CHECK-LABEL: func.func @maxpool_bwd_tiles(
// CHECK-SAME:      %[[DY:[^:]*]]: tensor<1x2x2x3xf32>, %{{.*}}: tensor<1x2x4x6xf32>, %[[IDX:[^:]*]]: tensor<1x2x2x3xi64>)
// CHECK-DAG:     arith.constant dense<[0.000000e+00, 1.200000e+01]> : tensor<2xf32>
// CHECK-DAG:     arith.constant dense<[0.000000e+00, 2.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK:         %[[REL:.*]] = linalg.generic {{.*}} ins(%[[IDX]], {{.*}}) outs(%{{.*}} : tensor<1x2x2x3xf32>)
// CHECK-NOT:     tensor.pad
// CHECK:         %[[T:.*]] = arith.constant dense<{{\[}}[{{\[}}[0.000000e+00], [1.000000e+00]]], {{\[}}[{{\[}}6.000000e+00], [7.000000e+00]]]]> : tensor<2x1x2x1xf32>
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [#[[OUT4]], #[[TAB]], #[[OUT4]], #[[SPREAD]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[REL]], %[[T]], %[[DY]] : tensor<1x2x2x3xf32>, tensor<2x1x2x1xf32>, tensor<1x2x2x3xf32>) outs(%{{.*}} : tensor<1x2x2x2x3x2xf32>)
// CHECK-NEXT:    ^bb0(%[[R:.*]]: f32, %[[O:.*]]: f32, %[[G:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[HERE:.*]] = arith.cmpf oeq, %[[R]], %[[O]] : f32
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[HERE]], %[[G]], %[[Z]] : f32
// CHECK-NEXT:      linalg.yield %[[V]] : f32
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[S]] {{\[}}[0], [1], [2, 3], [4, 5]] : tensor<1x2x2x2x3x2xf32> into tensor<1x2x4x6xf32>
// CHECK:         return %[[C]]
func.func @maxpool_bwd_tiles(%dy: !torch.vtensor<[1,2,2,3],f32>, %x: !torch.vtensor<[1,2,4,6],f32>, %idx: !torch.vtensor<[1,2,2,3],si64>) -> !torch.vtensor<[1,2,4,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten.max_pool2d_with_indices_backward %dy, %x, %k, %k, %p, %d, %false, %idx : !torch.vtensor<[1,2,2,3],f32>, !torch.vtensor<[1,2,4,6],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.vtensor<[1,2,2,3],si64> -> !torch.vtensor<[1,2,4,6],f32>
  return %r : !torch.vtensor<[1,2,4,6],f32>
}
