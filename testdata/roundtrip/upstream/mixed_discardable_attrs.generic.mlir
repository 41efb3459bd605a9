#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() ({
  }) {function_type = (f32) -> f32, sym_name = "callee", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: i32, %arg3: tensor<4x4xf32>, %arg4: tensor<2x2xf32>, %arg5: index):
    %0 = "arith.constant"() {tag = 0 : i64, value = 0 : index} : () -> index
    %1 = "arith.constant"() {tag = 1 : i64, value = dense<1.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32>
    %2 = "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>, tag = 2 : i64} : (f32, f32) -> f32
    %3 = "arith.mulf"(%2, %arg1) {fastmath = #arith.fastmath<fast>, tag = 3 : i64} : (f32, f32) -> f32
    %4 = "arith.cmpf"(%2, %3) {predicate = 4 : i64, tag = 4 : i64} : (f32, f32) -> i1
    %5 = "arith.select"(%4, %2, %3) {tag = 5 : i64} : (i1, f32, f32) -> f32
    %6 = "arith.sitofp"(%arg2) {tag = 6 : i64} : (i32) -> f32
    %7 = "math.exp"(%6) {fastmath = #arith.fastmath<none>, tag = 7 : i64} : (f32) -> f32
    %8 = "math.powf"(%7, %5) {fastmath = #arith.fastmath<afn>, tag = 8 : i64} : (f32, f32) -> f32
    %9 = "tensor.extract"(%arg3, %0, %0) {tag = 9 : i64} : (tensor<4x4xf32>, index, index) -> f32
    %10 = "tensor.extract_slice"(%arg3) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 2>, tag = 10 : i64} : (tensor<4x4xf32>) -> tensor<2x2xf32>
    %11 = "tensor.insert_slice"(%arg4, %arg3, %arg5) {operand_segment_sizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>, tag = 11 : i64} : (tensor<2x2xf32>, tensor<4x4xf32>, index) -> tensor<4x4xf32>
    %12 = "tensor.empty"(%arg5) {tag = 12 : i64} : (index) -> tensor<?x4xf32>
    %13 = "tensor.dim"(%12, %0) {tag = 13 : i64} : (tensor<?x4xf32>, index) -> index
    %14 = "tensor.collapse_shape"(%arg3) {reassociation = [[0, 1]], tag = 14 : i64} : (tensor<4x4xf32>) -> tensor<16xf32>
    %15 = "linalg.fill"(%arg0, %arg4) ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>, tag = 15 : i64} : (f32, tensor<2x2xf32>) -> tensor<2x2xf32>
    %16 = "linalg.matmul"(%10, %15, %arg4) ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %29 = "arith.mulf"(%arg6, %arg7) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %30 = "arith.addf"(%arg8, %29) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%30) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>, tag = 16 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %17 = "func.call"(%8) {callee = @callee, tag = 17 : i64} : (f32) -> f32
    %18 = "tensor.cast"(%arg3) {tag = 18 : i64} : (tensor<4x4xf32>) -> tensor<?x?xf32>
    %19 = "tensor.insert"(%arg0, %arg3, %0, %0) {tag = 19 : i64} : (f32, tensor<4x4xf32>, index, index) -> tensor<4x4xf32>
    %20 = "arith.index_cast"(%arg5) {tag = 20 : i64} : (index) -> i64
    %21 = "tensor.from_elements"(%arg0, %arg1) {tag = 21 : i64} : (f32, f32) -> tensor<2xf32>
    %22 = "tensor.splat"(%arg0) {tag = 22 : i64} : (f32) -> tensor<3xf32>
    %23 = "arith.negf"(%17) {fastmath = #arith.fastmath<nnan>, tag = 23 : i64} : (f32) -> f32
    %24 = "tensor.expand_shape"(%14) {reassociation = [[0, 1]], tag = 25 : i64} : (tensor<16xf32>) -> tensor<2x8xf32>
    %25 = "arith.extf"(%arg0) {tag = 26 : i64} : (f32) -> f64
    %26 = "tensor.generate"(%arg5) ({
    ^bb0(%arg6: index):
      "tensor.yield"(%arg0) : (f32) -> ()
    }) {tag = 27 : i64} : (index) -> tensor<?xf32>
    %27 = "arith.constant"() {value = dense<[2, 8]> : tensor<2xi64>} : () -> tensor<2xi64>
    %28 = "tensor.reshape"(%arg3, %27) {tag = 28 : i64} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<2x8xf32>
    "func.return"(%23) {tag = 24 : i64} : (f32) -> ()
  }) {function_type = (f32, f32, i32, tensor<4x4xf32>, tensor<2x2xf32>, index) -> f32, sym_name = "attrs_everywhere"} : () -> ()
}) : () -> ()

