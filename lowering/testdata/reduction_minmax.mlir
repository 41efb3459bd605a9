// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// amin mirrors amax: it starts from +inf, and minf is followed by a select
// of NaN where the pair is unordered (MLIR 16 lowers minf to minnum).
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @amin_dims(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<3x4x5xf32>) -> tensor<4xf32>
// CHECK:         %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[INF]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[MIN:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[OUT]]], iterator_types = ["reduction", "parallel", "reduction"]} ins(%[[X]] : tensor<3x4x5xf32>) outs(%[[INIT]] : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.minf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      %[[UNO:.*]] = arith.cmpf uno, %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[UNO]], %[[NAN]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[MIN]] : tensor<4xf32>
// CHECK-NOT:     torch.
func.func @amin_dims(%x: !torch.vtensor<[3,4,5],f32>) -> !torch.vtensor<[4],f32> {
  %int-1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %dims = torch.prim.ListConstruct %int-1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %0 = torch.aten.amin %x, %dims, %false : !torch.vtensor<[3,4,5],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// amin of ui8 starts from 255 (all ones) with the unsigned minui; of si64
// from INT64_MAX with minsi.
// CHECK-LABEL: func.func @amin_ints(
// CHECK:         %[[MAXU:.*]] = arith.constant -1 : i8
// CHECK:         linalg.fill ins(%[[MAXU]] : i8)
// CHECK:           arith.minui %{{.*}}, %{{.*}} : i8
// CHECK:         %[[MAXS:.*]] = arith.constant 9223372036854775807 : i64
// CHECK:         linalg.fill ins(%[[MAXS]] : i64)
// CHECK:           arith.minsi %{{.*}}, %{{.*}} : i64
func.func @amin_ints(%x: !torch.vtensor<[4],ui8>, %y: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[],ui8>, !torch.vtensor<[1],si64>) {
  %dims = torch.prim.ListConstruct  : () -> !torch.list<int>
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %0 = torch.aten.amin %x, %dims, %false : !torch.vtensor<[4],ui8>, !torch.list<int>, !torch.bool -> !torch.vtensor<[],ui8>
  %1 = torch.aten.amin %y, %dims, %true : !torch.vtensor<[4],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1],si64>
  return %0, %1 : !torch.vtensor<[],ui8>, !torch.vtensor<[1],si64>
}

// -----

// max and min of a whole tensor reduce every dim into a 0-d tensor; bool
// compares unsigned (min from true).
// CHECK-DAG:   #[[ALL:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @max_min_all(
// CHECK:         %[[NEGINF:.*]] = arith.constant 0xFF80 : bf16
// CHECK:         linalg.fill ins(%[[NEGINF]] : bf16) outs(%{{.*}} : tensor<bf16>)
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<2x3xbf16>) outs(%{{.*}} : tensor<bf16>)
// CHECK:           arith.maxf %{{.*}}, %{{.*}} : bf16
// CHECK:         %[[TRUE:.*]] = arith.constant true
// CHECK:         linalg.fill ins(%[[TRUE]] : i1) outs(%{{.*}} : tensor<i1>)
// CHECK:           arith.minui %{{.*}}, %{{.*}} : i1
func.func @max_min_all(%x: !torch.vtensor<[2,3],bf16>, %b: !torch.vtensor<[2,3],i1>) -> (!torch.vtensor<[],bf16>, !torch.vtensor<[],i1>) {
  %0 = torch.aten.max %x : !torch.vtensor<[2,3],bf16> -> !torch.vtensor<[],bf16>
  %1 = torch.aten.min %b : !torch.vtensor<[2,3],i1> -> !torch.vtensor<[],i1>
  return %0, %1 : !torch.vtensor<[],bf16>, !torch.vtensor<[],i1>
}

// -----

// max.dim is one generic with two outputs, the value and the int64 index
// (linalg.index of the reduced loop). The body takes the element when the
// accumulator is empty (index -1), the element is greater, equal with a
// lower index, or a NaN while the accumulator is not (or with a lower
// index): ATen's GreaterOrNan order, which makes the result independent
// of the order the reduction runs in.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @max_dim(
// CHECK-SAME:      %[[X:[^:]*]]: tensor<4x6xf32>) -> (tensor<4xf32>, tensor<4xi64>)
// CHECK:         %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[VINIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK:         %[[NONE:.*]] = arith.constant -1 : i64
// CHECK:         %[[IINIT:.*]] = linalg.fill ins(%[[NONE]] : i64) outs(%{{.*}} : tensor<4xi64>)
// CHECK:         %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<4x6xf32>) outs(%[[VINIT]], %[[IINIT]] : tensor<4xf32>, tensor<4xi64>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32, %[[J:.*]]: i64):
// CHECK-NEXT:      %[[IDX:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[I:.*]] = arith.index_cast %[[IDX]] : index to i64
// CHECK-NEXT:      %[[M1:.*]] = arith.constant -1 : i64
// CHECK-NEXT:      %[[EMPTY:.*]] = arith.cmpi eq, %[[J]], %[[M1]] : i64
// CHECK-NEXT:      %[[LOWER:.*]] = arith.cmpi slt, %[[I]], %[[J]] : i64
// CHECK-NEXT:      %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpf oeq, %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:      %[[TIE:.*]] = arith.andi %[[EQ]], %[[LOWER]] : i1
// CHECK-NEXT:      %[[XNAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK-NEXT:      %[[ACCNUM:.*]] = arith.cmpf ord, %[[ACC]], %[[ACC]] : f32
// CHECK-NEXT:      %[[OR1:.*]] = arith.ori %[[ACCNUM]], %[[LOWER]] : i1
// CHECK-NEXT:      %[[FIRSTNAN:.*]] = arith.andi %[[XNAN]], %[[OR1]] : i1
// CHECK-NEXT:      %[[OR2:.*]] = arith.ori %[[EMPTY]], %[[GT]] : i1
// CHECK-NEXT:      %[[OR3:.*]] = arith.ori %[[TIE]], %[[FIRSTNAN]] : i1
// CHECK-NEXT:      %[[TAKE:.*]] = arith.ori %[[OR2]], %[[OR3]] : i1
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[TAKE]], %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:      %[[NI:.*]] = arith.select %[[TAKE]], %[[I]], %[[J]] : i64
// CHECK-NEXT:      linalg.yield %[[V]], %[[NI]] : f32, i64
// CHECK:         return %[[R]]#0, %[[R]]#1 : tensor<4xf32>, tensor<4xi64>
func.func @max_dim(%x: !torch.vtensor<[4,6],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0:2 = torch.aten.max.dim %x, %int1, %false : !torch.vtensor<[4,6],f32>, !torch.int, !torch.bool -> !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>
  return %0#0, %0#1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>
}

// -----

// min.dim with a negative dim and keepdim: the outputs keep the reduced
// dim with extent 1 (read at 0); integers compare with slt, no NaN test.
// CHECK-DAG:   #[[KEEP:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-LABEL: func.func @min_dim_keepdim(
// CHECK:         %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK:         %[[R:.*]]:2 = linalg.generic {indexing_maps = [#{{.*}}, #[[KEEP]], #[[KEEP]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<2x3x4xi32>) outs(%{{.*}}, %{{.*}} : tensor<2x1x4xi32>, tensor<2x1x4xi64>)
// CHECK:           linalg.index 1 : index
// CHECK:           arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK-NOT:       arith.cmpf
// CHECK:         return %[[R]]#0, %[[R]]#1 : tensor<2x1x4xi32>, tensor<2x1x4xi64>
func.func @min_dim_keepdim(%x: !torch.vtensor<[2,3,4],si32>) -> (!torch.vtensor<[2,1,4],si32>, !torch.vtensor<[2,1,4],si64>) {
  %int-2 = torch.constant.int -2
  %true = torch.constant.bool true
  %0:2 = torch.aten.min.dim %x, %int-2, %true : !torch.vtensor<[2,3,4],si32>, !torch.int, !torch.bool -> !torch.vtensor<[2,1,4],si32>, !torch.vtensor<[2,1,4],si64>
  return %0#0, %0#1 : !torch.vtensor<[2,1,4],si32>, !torch.vtensor<[2,1,4],si64>
}

// -----

// argmax with dim None reduces every loop; the index is the row-major
// position i0·3 + i1 of the element; only the index output is returned.
// CHECK-DAG:   #[[ALL:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @argmax_flat(
// CHECK-SAME:      -> tensor<i64>
// CHECK:         %[[R:.*]]:2 = linalg.generic {indexing_maps = [#{{.*}}, #[[ALL]], #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<2x3xf16>) outs(%{{.*}}, %{{.*}} : tensor<f16>, tensor<i64>)
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      %[[I0:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[I1:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:      %[[ROW:.*]] = arith.muli %[[I0]], %[[C3]] : index
// CHECK-NEXT:      %[[FLAT:.*]] = arith.addi %[[ROW]], %[[I1]] : index
// CHECK-NEXT:      arith.index_cast %[[FLAT]] : index to i64
// CHECK:         return %[[R]]#1 : tensor<i64>
func.func @argmax_flat(%x: !torch.vtensor<[2,3],f16>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.argmax %x, %none, %false : !torch.vtensor<[2,3],f16>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// argmin with dim None and keepdim keeps every dim with extent 1; ui8
// compares unsigned.
// CHECK-DAG:   #[[ONES:map[0-9]*]] = affine_map<(d0, d1) -> (0, 0)>
// CHECK-LABEL: func.func @argmin_flat_keepdim_ui8(
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[ONES]], #[[ONES]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<2x3xi8>) outs(%{{.*}}, %{{.*}} : tensor<1x1xi8>, tensor<1x1xi64>)
// CHECK:           arith.cmpi ult, %{{.*}}, %{{.*}} : i8
func.func @argmin_flat_keepdim_ui8(%x: !torch.vtensor<[2,3],ui8>) -> !torch.vtensor<[1,1],si64> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %0 = torch.aten.argmin %x, %none, %true : !torch.vtensor<[2,3],ui8>, !torch.none, !torch.bool -> !torch.vtensor<[1,1],si64>
  return %0 : !torch.vtensor<[1,1],si64>
}

// -----

// max.dim of a 0-d tensor (dim 0 or -1) reduces nothing: the generic has
// no loops and the index is the constant 0.
// CHECK-LABEL: func.func @max_dim_0d(
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = []} ins(%{{.*}} : tensor<f64>) outs(%{{.*}}, %{{.*}} : tensor<f64>, tensor<i64>)
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      arith.constant 0 : i64
func.func @max_dim_0d(%x: !torch.vtensor<[],f64>) -> (!torch.vtensor<[],f64>, !torch.vtensor<[],si64>) {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0:2 = torch.aten.max.dim %x, %int-1, %false : !torch.vtensor<[],f64>, !torch.int, !torch.bool -> !torch.vtensor<[],f64>, !torch.vtensor<[],si64>
  return %0#0, %0#1 : !torch.vtensor<[],f64>, !torch.vtensor<[],si64>
}
