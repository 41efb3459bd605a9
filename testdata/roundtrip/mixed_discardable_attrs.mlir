// Covers: where each op's custom form places a discardable attribute dictionary (arith, math, tensor, linalg, func ops).
module {
  func.func private @callee(f32) -> f32
  func.func @attrs_everywhere(%arg0: f32, %arg1: f32, %arg2: i32, %arg3: tensor<4x4xf32>, %arg4: tensor<2x2xf32>, %arg5: index) -> f32 {
    %c0 = arith.constant {tag = 0 : i64} 0 : index
    %cst = arith.constant {tag = 1 : i64} dense<1.000000e+00> : tensor<4xf32>
    %0 = arith.addf %arg0, %arg1 {tag = 2 : i64} : f32
    %1 = arith.mulf %0, %arg1 fastmath<fast> {tag = 3 : i64} : f32
    %2 = arith.cmpf olt, %0, %1 {tag = 4 : i64} : f32
    %3 = arith.select %2, %0, %1 {tag = 5 : i64} : f32
    %4 = arith.sitofp %arg2 {tag = 6 : i64} : i32 to f32
    %5 = math.exp %4 {tag = 7 : i64} : f32
    %6 = math.powf %5, %3 fastmath<afn> {tag = 8 : i64} : f32
    %extracted = tensor.extract %arg3[%c0, %c0] {tag = 9 : i64} : tensor<4x4xf32>
    %extracted_slice = tensor.extract_slice %arg3[0, 0] [2, 2] [2, 2] {tag = 10 : i64} : tensor<4x4xf32> to tensor<2x2xf32>
    %inserted_slice = tensor.insert_slice %arg4 into %arg3[%arg5, 1] [2, 2] [1, 1] {tag = 11 : i64} : tensor<2x2xf32> into tensor<4x4xf32>
    %7 = tensor.empty(%arg5) {tag = 12 : i64} : tensor<?x4xf32>
    %dim = tensor.dim {tag = 13 : i64} %7, %c0 : tensor<?x4xf32>
    %collapsed = tensor.collapse_shape %arg3 [[0, 1]] {tag = 14 : i64} : tensor<4x4xf32> into tensor<16xf32>
    %8 = linalg.fill {tag = 15 : i64} ins(%arg0 : f32) outs(%arg4 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %9 = linalg.matmul {tag = 16 : i64} ins(%extracted_slice, %8 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%arg4 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %10 = call @callee(%6) {tag = 17 : i64} : (f32) -> f32
    %cast = tensor.cast %arg3 {tag = 18 : i64} : tensor<4x4xf32> to tensor<?x?xf32>
    %inserted = tensor.insert %arg0 into %arg3[%c0, %c0] {tag = 19 : i64} : tensor<4x4xf32>
    %11 = arith.index_cast %arg5 {tag = 20 : i64} : index to i64
    %from_elements = tensor.from_elements %arg0, %arg1 {tag = 21 : i64} : tensor<2xf32>
    %splat = tensor.splat %arg0 {tag = 22 : i64} : tensor<3xf32>
    %12 = arith.negf %10 fastmath<nnan> {tag = 23 : i64} : f32
    %expanded = tensor.expand_shape %collapsed [[0, 1]] {tag = 25 : i64} : tensor<16xf32> into tensor<2x8xf32>
    %13 = arith.extf %arg0 {tag = 26 : i64} : f32 to f64
    %generated = tensor.generate %arg5 {
    ^bb0(%arg6: index):
      tensor.yield %arg0 : f32
    } {tag = 27 : i64} : tensor<?xf32>
    %cst_0 = arith.constant dense<[2, 8]> : tensor<2xi64>
    %reshape = tensor.reshape %arg3(%cst_0) {tag = 28 : i64} : (tensor<4x4xf32>, tensor<2xi64>) -> tensor<2x8xf32>
    return {tag = 24 : i64} %12 : f32
  }
}

