// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// sum.dim_IntList over [-1, 1] with keepdim: negative dims count from the
// end; one generic whose reduced loops are "reduction" and whose output
// map reads the kept size-1 dims at 0, into a linalg.fill(0) accumulator
// of f64 (an f32 sum accumulates in f64), then rounded once.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[KEEP:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, 0, 0)>
// CHECK-LABEL: func.func @sum_dims_keepdim(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<2x1x1xf64>
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f64) outs(%[[EMPTY]] : tensor<2x1x1xf64>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[KEEP]]], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<2x1x1xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f64):
// CHECK-NEXT:      %[[W:.*]] = arith.extf %[[IN]] : f32 to f64
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[ACC]], %[[W]] : f64
// CHECK-NEXT:      linalg.yield %[[ADD]] : f64
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x1x1xf64>) outs(%{{.*}} : tensor<2x1x1xf32>)
// CHECK:           arith.truncf %{{.*}} : f64 to f32
// CHECK:         return %[[R]] : tensor<2x1x1xf32>
// CHECK-NOT:     torch.
func.func @sum_dims_keepdim(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,1,1],f32> {
  %int-1 = torch.constant.int -1
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int-1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.aten.sum.dim_IntList %x, %dims, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,1,1],f32>
  return %0 : !torch.vtensor<[2,1,1],f32>
}

// -----

// dim None sums over every dim into a 0-d tensor.
// CHECK-DAG:   #[[ALL:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @sum_dim_none(
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%{{.*}} : tensor<f64>) -> tensor<f64>
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<2x3xf32>) outs(%[[INIT]] : tensor<f64>)
// CHECK:           arith.addf
func.func @sum_dim_none(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[],f32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.sum.dim_IntList %x, %none, %false, %none : !torch.vtensor<[2,3],f32>, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// An empty dim list also reduces every dim (ATen's make_dim_mask); with
// keepdim every dim stays with extent 1.
// CHECK-DAG:   #[[KEEP:map[0-9]*]] = affine_map<(d0, d1) -> (0, 0)>
// CHECK-LABEL: func.func @sum_dim_empty_keepdim(
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[KEEP]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<1x1xf64>)
func.func @sum_dim_empty_keepdim(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[1,1],f32> {
  %dims = torch.prim.ListConstruct  : () -> !torch.list<int>
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.aten.sum.dim_IntList %x, %dims, %true, %none : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[1,1],f32>
  return %0 : !torch.vtensor<[1,1],f32>
}

// -----

// aten.sum of bf16 accumulates in f32 and truncates once.
// CHECK-LABEL: func.func @sum_all_bf16(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<f32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<4x8xbf16>) outs(%[[INIT]] : tensor<f32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[E:.*]] = arith.extf %[[IN]] : bf16 to f32
// CHECK-NEXT:      arith.addf %[[ACC]], %[[E]] : f32
// CHECK:         %[[OUT:.*]] = linalg.generic {{.*}} iterator_types = []} ins(%[[SUM]] : tensor<f32>) outs(%{{.*}} : tensor<bf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         return %[[OUT]] : tensor<bf16>
func.func @sum_all_bf16(%x: !torch.vtensor<[4,8],bf16>) -> !torch.vtensor<[],bf16> {
  %none = torch.constant.none
  %0 = torch.aten.sum %x, %none : !torch.vtensor<[4,8],bf16>, !torch.none -> !torch.vtensor<[],bf16>
  return %0 : !torch.vtensor<[],bf16>
}

// -----

// Integer sums promote to int64: each si32 element is sign-extended.
// CHECK-LABEL: func.func @sum_si32(
// CHECK-SAME:      -> tensor<4xi64>
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         linalg.fill ins(%[[ZERO]] : i64)
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<3x4xi32>) outs(%{{.*}} : tensor<4xi64>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i32, %[[ACC:.*]]: i64):
// CHECK-NEXT:      %[[E:.*]] = arith.extsi %[[IN]] : i32 to i64
// CHECK-NEXT:      arith.addi %[[ACC]], %[[E]] : i64
func.func @sum_si32(%x: !torch.vtensor<[3,4],si32>) -> !torch.vtensor<[4],si64> {
  %int0 = torch.constant.int 0
  %dims = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.sum.dim_IntList %x, %dims, %false, %none : !torch.vtensor<[3,4],si32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// A bool sum counts the true elements: i1 is zero-extended.
// CHECK-LABEL: func.func @sum_bool(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<5xi1>) outs(%{{.*}} : tensor<i64>)
// CHECK:           %[[E:.*]] = arith.extui %{{.*}} : i1 to i64
// CHECK-NEXT:      arith.addi %{{.*}}, %[[E]] : i64
func.func @sum_bool(%x: !torch.vtensor<[5],i1>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  %0 = torch.aten.sum %x, %none : !torch.vtensor<[5],i1>, !torch.none -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// dtype = float64 (ScalarType 7) converts each f32 element before the sum.
// CHECK-LABEL: func.func @sum_dtype_f64(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<3x4xf32>) outs(%{{.*}} : tensor<3xf64>)
// CHECK:           %[[E:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK-NEXT:      arith.addf %{{.*}}, %[[E]] : f64
// CHECK-NOT:     arith.truncf
func.func @sum_dtype_f64(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3],f64> {
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %int7 = torch.constant.int 7
  %0 = torch.aten.sum.dim_IntList %x, %dims, %false, %int7 : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.bool, !torch.int -> !torch.vtensor<[3],f64>
  return %0 : !torch.vtensor<[3],f64>
}

// -----

// mean.dim: the sum (in f64), then an elementwise divide by the static
// count 2*4, rounded once.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[RED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG:   #[[ID1:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @mean_dims(
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[RED]]], iterator_types = ["reduction", "parallel", "reduction"]}
// CHECK:           arith.addf
// CHECK:         %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[SUM]] : tensor<3xf64>) outs(%{{.*}} : tensor<3xf32>)
// CHECK:           %[[N:.*]] = arith.constant 8.000000e+00 : f64
// CHECK-NEXT:      %[[D:.*]] = arith.divf %{{.*}}, %[[N]] : f64
// CHECK-NEXT:      arith.truncf %[[D]] : f64 to f32
// CHECK:         return %[[MEAN]]
func.func @mean_dims(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %dims = torch.prim.ListConstruct %int0, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.mean.dim %x, %dims, %false, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// mean of f16 with keepdim: sum and divide in f32, truncate once; the
// divide generic reads the reduced [2, 3] sum into the [2, 3, 1] result.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[RED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @mean_keepdim_f16(
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[RED]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<2x3x4xf16>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK:         linalg.generic {indexing_maps = [#[[RED]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[SUM]] : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3x1xf16>)
// CHECK:           %[[N:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:      %[[D:.*]] = arith.divf %{{.*}}, %[[N]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[D]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[T]] : f16
func.func @mean_keepdim_f16(%x: !torch.vtensor<[2,3,4],f16>) -> !torch.vtensor<[2,3,1],f16> {
  %int-1 = torch.constant.int -1
  %dims = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.aten.mean.dim %x, %dims, %true, %none : !torch.vtensor<[2,3,4],f16>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,3,1],f16>
  return %0 : !torch.vtensor<[2,3,1],f16>
}

// -----

// aten.mean of an integer tensor needs a float dtype (6 = float32); the
// elements are converted with sitofp.
// CHECK-LABEL: func.func @mean_si64_dtype(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<6xi64>) outs(%{{.*}} : tensor<f64>)
// CHECK:           %[[E:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK-NEXT:      %[[W:.*]] = arith.extf %[[E]] : f32 to f64
// CHECK-NEXT:      arith.addf %{{.*}}, %[[W]] : f64
// CHECK:           arith.constant 6.000000e+00 : f64
// CHECK-NEXT:      arith.divf
func.func @mean_si64_dtype(%x: !torch.vtensor<[6],si64>) -> !torch.vtensor<[],f32> {
  %int6 = torch.constant.int 6
  %0 = torch.aten.mean %x, %int6 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// amax starts from -inf and propagates NaN: maxf, then NaN where the pair
// is unordered.
// CHECK-DAG:   #[[KEEP:map[0-9]*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @amax_keepdim(
// CHECK:         %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<3x1xf32>)
// CHECK:         %[[MAX:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[KEEP]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<3x5xf32>) outs(%[[INIT]] : tensor<3x1xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.maxf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      %[[UNO:.*]] = arith.cmpf uno, %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[UNO]], %[[NAN]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[MAX]] : tensor<3x1xf32>
func.func @amax_keepdim(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,1],f32> {
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %0 = torch.aten.amax %x, %dims, %true : !torch.vtensor<[3,5],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,1],f32>
  return %0 : !torch.vtensor<[3,1],f32>
}

// -----

// amax of bf16 needs no wider accumulator: the init is bf16 -inf.
// CHECK-LABEL: func.func @amax_bf16(
// CHECK:         %[[NEGINF:.*]] = arith.constant 0xFF80 : bf16
// CHECK:         linalg.fill ins(%[[NEGINF]] : bf16) outs(%{{.*}} : tensor<5xbf16>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<3x5xbf16>) outs(%{{.*}} : tensor<5xbf16>)
// CHECK:           arith.maxf %{{.*}}, %{{.*}} : bf16
// CHECK-NOT:     arith.extf
// CHECK-NOT:     arith.truncf
func.func @amax_bf16(%x: !torch.vtensor<[3,5],bf16>) -> !torch.vtensor<[5],bf16> {
  %int0 = torch.constant.int 0
  %dims = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %0 = torch.aten.amax %x, %dims, %false : !torch.vtensor<[3,5],bf16>, !torch.list<int>, !torch.bool -> !torch.vtensor<[5],bf16>
  return %0 : !torch.vtensor<[5],bf16>
}

// -----

// amax of si32 over all dims (dim = []) starts from INT32_MIN, with maxsi.
// CHECK-LABEL: func.func @amax_si32_all(
// CHECK:         %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK:         linalg.fill ins(%[[MIN]] : i32)
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<4x3xi32>) outs(%{{.*}} : tensor<i32>)
// CHECK:           arith.maxsi %{{.*}}, %{{.*}} : i32
func.func @amax_si32_all(%x: !torch.vtensor<[4,3],si32>) -> !torch.vtensor<[],si32> {
  %dims = torch.prim.ListConstruct  : () -> !torch.list<int>
  %false = torch.constant.bool false
  %0 = torch.aten.amax %x, %dims, %false : !torch.vtensor<[4,3],si32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[],si32>
  return %0 : !torch.vtensor<[],si32>
}

// -----

// amax of ui8 starts from 0, with the unsigned maxui.
// CHECK-LABEL: func.func @amax_ui8(
// CHECK:         %[[MIN:.*]] = arith.constant 0 : i8
// CHECK:         linalg.fill ins(%[[MIN]] : i8)
// CHECK:           arith.maxui %{{.*}}, %{{.*}} : i8
func.func @amax_ui8(%x: !torch.vtensor<[4],ui8>) -> !torch.vtensor<[],ui8> {
  %int0 = torch.constant.int 0
  %dims = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %0 = torch.aten.amax %x, %dims, %false : !torch.vtensor<[4],ui8>, !torch.list<int>, !torch.bool -> !torch.vtensor<[],ui8>
  return %0 : !torch.vtensor<[],ui8>
}

// -----

// var with the default correction (None = 1): the sum (f32 data in f64),
// the mean sum/N rounded to f32, the sum of the squared deviations from
// it (each formed and squared in f32, summed in f64), then M2 / (N - 1) =
// M2 / 5 rounded once.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[RED:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @var_default(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<2x6xf32>
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[RED]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<2x6xf32>) outs(%{{.*}} : tensor<2xf64>)
// CHECK:         %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<2xf64>) outs(%{{.*}} : tensor<2xf32>)
// CHECK:           %[[N:.*]] = arith.constant 6.000000e+00 : f64
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %{{.*}}, %[[N]] : f64
// CHECK-NEXT:      arith.truncf %[[Q]] : f64 to f32
// CHECK:         %[[M2:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[RED]], #[[RED]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[MEAN]] : tensor<2x6xf32>, tensor<2xf32>) outs(%{{.*}} : tensor<2xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[M:.*]]: f32, %[[ACC:.*]]: f64):
// CHECK-NEXT:      %[[DEV:.*]] = arith.subf %[[IN]], %[[M]] : f32
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[DEV]], %[[DEV]] : f32
// CHECK-NEXT:      %[[SQW:.*]] = arith.extf %[[SQ]] : f32 to f64
// CHECK-NEXT:      arith.addf %[[ACC]], %[[SQW]] : f64
// CHECK:         %[[VAR:.*]] = linalg.generic {{.*}} ins(%[[M2]] : tensor<2xf64>) outs(%{{.*}} : tensor<2xf32>)
// CHECK:           %[[DIV:.*]] = arith.constant 5.000000e+00 : f64
// CHECK-NEXT:      %[[V:.*]] = arith.divf %{{.*}}, %[[DIV]] : f64
// CHECK-NEXT:      arith.truncf %[[V]] : f64 to f32
// CHECK:         return %[[VAR]]
func.func @var_default(%x: !torch.vtensor<[2,6],f32>) -> !torch.vtensor<[2],f32> {
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.var.correction %x, %dims, %none, %false : !torch.vtensor<[2,6],f32>, !torch.list<int>, !torch.none, !torch.bool -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// var_mean with correction 0 and keepdim over all dims of an f16 tensor:
// f32 accumulation, the deviations from sum / 8, var = M2 / 8 and mean =
// sum / 8, each truncated once.
// CHECK-LABEL: func.func @var_mean_f16(
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<2x4xf16>) outs(%{{.*}} : tensor<f32>)
// CHECK:         %[[MU:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<f32>) outs(%{{.*}} : tensor<f32>)
// CHECK:         %[[M2:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}}, %[[MU]] : tensor<2x4xf16>, tensor<f32>) outs(%{{.*}} : tensor<f32>)
// CHECK:         %[[VAR:.*]] = linalg.generic {{.*}} ins(%[[M2]] : tensor<f32>) outs(%{{.*}} : tensor<1x1xf16>)
// CHECK:           arith.constant 8.000000e+00 : f32
// CHECK:           arith.truncf %{{.*}} : f32 to f16
// CHECK:         %[[MEAN:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<f32>) outs(%{{.*}} : tensor<1x1xf16>)
// CHECK:           arith.constant 8.000000e+00 : f32
// CHECK:           arith.truncf %{{.*}} : f32 to f16
// CHECK:         return %[[VAR]], %[[MEAN]] : tensor<1x1xf16>, tensor<1x1xf16>
func.func @var_mean_f16(%x: !torch.vtensor<[2,4],f16>) -> (!torch.vtensor<[1,1],f16>, !torch.vtensor<[1,1],f16>) {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %0:2 = torch.aten.var_mean.correction %x, %none, %int0, %true : !torch.vtensor<[2,4],f16>, !torch.none, !torch.int, !torch.bool -> !torch.vtensor<[1,1],f16>, !torch.vtensor<[1,1],f16>
  return %0#0, %0#1 : !torch.vtensor<[1,1],f16>, !torch.vtensor<[1,1],f16>
}
