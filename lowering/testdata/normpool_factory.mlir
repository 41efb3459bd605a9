// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// zeros(size, dtype=float32): linalg.fill of tensor.empty.
// CHECK-LABEL: func.func @zeros(
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<2x3xf32>
func.func @zeros() -> !torch.vtensor<[2,3],f32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int6 = torch.constant.int 6
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.zeros %size, %int6, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// ones(size, dtype=bfloat16) with layout=torch.strided (0) and a device.
// CHECK-LABEL: func.func @ones_bf16(
// CHECK:         %[[O:.*]] = arith.constant 1.000000e+00 : bf16
// CHECK:         linalg.fill ins(%[[O]] : bf16) outs(%{{.*}} : tensor<4xbf16>)
func.func @ones_bf16() -> !torch.vtensor<[4],bf16> {
  %int4 = torch.constant.int 4
  %int15 = torch.constant.int 15
  %int0 = torch.constant.int 0
  %cpu = torch.constant.device "cpu"
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.ones %size, %int15, %int0, %cpu, %none : !torch.list<int>, !torch.int, !torch.int, !torch.Device, !torch.none -> !torch.vtensor<[4],bf16>
  return %0 : !torch.vtensor<[4],bf16>
}

// -----

// full with an int fill and no dtype: PyTorch infers int64.
// CHECK-LABEL: func.func @full_int(
// CHECK:         %[[V:.*]] = arith.constant 7 : i64
// CHECK:         linalg.fill ins(%[[V]] : i64) outs(%{{.*}} : tensor<4xi64>)
func.func @full_int() -> !torch.vtensor<[4],si64> {
  %int4 = torch.constant.int 4
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.full %size, %int7, %none, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// full with a float fill into int32 (dtype=3): the fill is truncated toward
// zero as PyTorch casts it (−2.7 → −2).
// CHECK-LABEL: func.func @full_float_to_int(
// CHECK:         %[[V:.*]] = arith.constant -2 : i32
// CHECK:         linalg.fill ins(%[[V]] : i32) outs(%{{.*}} : tensor<2x2xi32>)
func.func @full_float_to_int() -> !torch.vtensor<[2,2],si32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %float = torch.constant.float -2.700000e+00
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.full %size, %float, %int3, %none, %none, %none : !torch.list<int>, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,2],si32>
  return %0 : !torch.vtensor<[2,2],si32>
}

// -----

// full with a bool fill gives a bool (i1) tensor.
// CHECK-LABEL: func.func @full_bool(
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         linalg.fill ins(%[[T]] : i1) outs(%{{.*}} : tensor<3xi1>)
func.func @full_bool() -> !torch.vtensor<[3],i1> {
  %int3 = torch.constant.int 3
  %true = torch.constant.bool true
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.full %size, %true, %none, %none, %none, %none : !torch.list<int>, !torch.bool, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],i1>
  return %0 : !torch.vtensor<[3],i1>
}

// -----

// empty.memory_format: the contents are undefined, so tensor.empty alone.
// CHECK-LABEL: func.func @empty(
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x8xf16>
// CHECK-NEXT:    return %[[E]] : tensor<2x8xf16>
func.func @empty() -> !torch.vtensor<[2,8],f16> {
  %int2 = torch.constant.int 2
  %int8 = torch.constant.int 8
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2, %int8 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.empty.memory_format %size, %int5, %none, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,8],f16>
  return %0 : !torch.vtensor<[2,8],f16>
}

// -----

// empty_strided: the strides describe memory only.
// CHECK-LABEL: func.func @empty_strided(
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<3x2xf32>
// CHECK-NEXT:    return %[[E]]
func.func @empty_strided() -> !torch.vtensor<[3,2],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int3, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int1, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.empty_strided %size, %stride, %none, %none, %none, %none : !torch.list<int>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

// empty_permuted (torch.export writes it for a *_like factory's template):
// physical_layout orders memory, not values.
// CHECK-LABEL: func.func @empty_permuted(
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT:    return %[[E]]
func.func @empty_permuted() -> !torch.vtensor<[2,3,4],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %false = torch.constant.bool false
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2, %int3, %int4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %layout = torch.prim.ListConstruct %int0, %int2, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.empty_permuted %size, %layout, %int6, %int0, %none, %false : !torch.list<int>, !torch.list<int>, !torch.int, !torch.int, !torch.none, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// zeros_like: the shape of self, the declared dtype.
// CHECK-LABEL: func.func @zeros_like(
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         linalg.fill ins(%[[Z]] : f64) outs(%{{.*}} : tensor<2x3x4xf64>)
func.func @zeros_like(%x: !torch.vtensor<[2,3,4],f64>) -> !torch.vtensor<[2,3,4],f64> {
  %none = torch.constant.none
  %0 = torch.aten.zeros_like %x, %none, %none, %none, %none, %none : !torch.vtensor<[2,3,4],f64>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3,4],f64>
  return %0 : !torch.vtensor<[2,3,4],f64>
}

// -----

// ones_like with dtype=int64 (4) and memory_format=contiguous (0).
// CHECK-LABEL: func.func @ones_like_int(
// CHECK:         %[[O:.*]] = arith.constant 1 : i64
// CHECK:         linalg.fill ins(%[[O]] : i64) outs(%{{.*}} : tensor<5xi64>)
func.func @ones_like_int(%x: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5],si64> {
  %int4 = torch.constant.int 4
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.ones_like %x, %int4, %none, %none, %none, %int0 : !torch.vtensor<[5],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.int -> !torch.vtensor<[5],si64>
  return %0 : !torch.vtensor<[5],si64>
}

// -----

// full_like with a float fill on an f32 input.
// CHECK-LABEL: func.func @full_like(
// CHECK:         %[[V:.*]] = arith.constant 2.500000e-01 : f32
// CHECK:         linalg.fill ins(%[[V]] : f32) outs(%{{.*}} : tensor<2x2xf32>)
func.func @full_like(%x: !torch.vtensor<[2,2],f32>) -> !torch.vtensor<[2,2],f32> {
  %float = torch.constant.float 2.500000e-01
  %none = torch.constant.none
  %0 = torch.aten.full_like %x, %float, %none, %none, %none, %none, %none : !torch.vtensor<[2,2],f32>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// -----

// empty_like: tensor.empty of self's shape.
// CHECK-LABEL: func.func @empty_like(
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT:    return %[[E]]
func.func @empty_like(%x: !torch.vtensor<[2,2],f32>) -> !torch.vtensor<[2,2],f32> {
  %none = torch.constant.none
  %0 = torch.aten.empty_like %x, %none, %none, %none, %none, %none : !torch.vtensor<[2,2],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// -----

// new_zeros / new_ones / new_full / new_empty take a size of their own and
// (by default) self's dtype.
// CHECK-LABEL: func.func @new_factories(
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[NZ:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK:         %[[O:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[NO:.*]] = linalg.fill ins(%[[O]] : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK:         %[[V:.*]] = arith.constant -3.000000e+00 : f32
// CHECK:         %[[NF:.*]] = linalg.fill ins(%[[V]] : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK:         %[[NE:.*]] = tensor.empty() : tensor<3xf32>
// CHECK-NEXT:    return %[[NZ]], %[[NO]], %[[NF]], %[[NE]]
func.func @new_factories(%x: !torch.vtensor<[2,2],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %int3 = torch.constant.int 3
  %intm3 = torch.constant.int -3
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.new_zeros %x, %size, %none, %none, %none, %none : !torch.vtensor<[2,2],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],f32>
  %1 = torch.aten.new_ones %x, %size, %none, %none, %none, %none : !torch.vtensor<[2,2],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],f32>
  %2 = torch.aten.new_full %x, %size, %intm3, %none, %none, %none, %none : !torch.vtensor<[2,2],f32>, !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],f32>
  %3 = torch.aten.new_empty %x, %size, %none, %none, %none, %none : !torch.vtensor<[2,2],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

// -----

// new_empty_strided.
// CHECK-LABEL: func.func @new_empty_strided(
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK-NEXT:    return %[[E]]
func.func @new_empty_strided(%x: !torch.vtensor<[2,2],f32>) -> !torch.vtensor<[4,2],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int4, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.new_empty_strided %x, %size, %stride, %none, %none, %none, %none : !torch.vtensor<[2,2],f32>, !torch.list<int>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

// scalar_tensor: a 0-d tensor holding the scalar in the declared dtype.
// CHECK-LABEL: func.func @scalar_tensor(
// CHECK:         %[[V:.*]] = arith.constant 1.500000e+00 : f64
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<f64>
// CHECK-NEXT:    %[[F:.*]] = linalg.fill ins(%[[V]] : f64) outs(%[[E]] : tensor<f64>) -> tensor<f64>
// CHECK-NEXT:    return %[[F]] : tensor<f64>
func.func @scalar_tensor() -> !torch.vtensor<[],f64> {
  %float = torch.constant.float 1.500000e+00
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %0 = torch.aten.scalar_tensor %float, %int7, %none, %none, %none : !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[],f64>
  return %0 : !torch.vtensor<[],f64>
}

// -----

// arange(end) of int64: element i is 0 + 1·i in int64.
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @arange(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<5xi64>
// CHECK:         linalg.generic {indexing_maps = [#[[ID]]], iterator_types = ["parallel"]} outs(%[[E]] : tensor<5xi64>)
// CHECK-NEXT:    ^bb0(%{{.*}}: i64):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:      %[[S:.*]] = arith.constant 0 : i64
// CHECK-NEXT:      %[[ST:.*]] = arith.constant 1 : i64
// CHECK-NEXT:      %[[M:.*]] = arith.muli %[[ST]], %[[II]] : i64
// CHECK-NEXT:      %[[V:.*]] = arith.addi %[[S]], %[[M]] : i64
// CHECK-NEXT:      linalg.yield %[[V]] : i64
func.func @arange() -> !torch.vtensor<[5],si64> {
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %0 = torch.aten.arange %int5, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],si64>
  return %0 : !torch.vtensor<[5],si64>
}

// -----

// arange.start_step with float bounds: ceil((2 − (−1.5))/0.5) = 7 elements,
// computed in f64 (PyTorch's accumulate type on CPU) and truncated to f32.
// CHECK-LABEL: func.func @arange_float(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<7xf32>)
// CHECK:           %[[F:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK-NEXT:      %[[S:.*]] = arith.constant -1.500000e+00 : f64
// CHECK-NEXT:      %[[ST:.*]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[ST]], %[[F]] : f64
// CHECK-NEXT:      %[[V:.*]] = arith.addf %[[S]], %[[M]] : f64
// CHECK-NEXT:      %[[T:.*]] = arith.truncf %[[V]] : f64 to f32
// CHECK-NEXT:      linalg.yield %[[T]] : f32
func.func @arange_float() -> !torch.vtensor<[7],f32> {
  %start = torch.constant.float -1.500000e+00
  %end = torch.constant.float 2.000000e+00
  %step = torch.constant.float 5.000000e-01
  %none = torch.constant.none
  %0 = torch.aten.arange.start_step %start, %end, %step, %none, %none, %none, %none : !torch.float, !torch.float, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[7],f32>
  return %0 : !torch.vtensor<[7],f32>
}

// -----

// arange.start into uint8: computed in int64, truncated.
// CHECK-LABEL: func.func @arange_start_ui8(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<4xi8>)
// CHECK:           arith.constant 2 : i64
// CHECK:           %[[T:.*]] = arith.trunci %{{.*}} : i64 to i8
// CHECK-NEXT:      linalg.yield %[[T]] : i8
func.func @arange_start_ui8() -> !torch.vtensor<[4],ui8> {
  %int2 = torch.constant.int 2
  %int6 = torch.constant.int 6
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.arange.start %int2, %int6, %int0, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],ui8>
  return %0 : !torch.vtensor<[4],ui8>
}
