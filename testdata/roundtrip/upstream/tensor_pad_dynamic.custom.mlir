module {
  func.func @pad_dyn_amounts(%arg0: tensor<4x4xf32>, %arg1: index, %arg2: index) -> tensor<?x?xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[%arg1, 1] high[%arg2, 1] {
    ^bb0(%arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<4x4xf32> to tensor<?x6xf32>
    %cast = tensor.cast %padded : tensor<?x6xf32> to tensor<?x?xf32>
    return %cast : tensor<?x?xf32>
  }
  func.func @pad_dyn_source(%arg0: tensor<?x8xf32>, %arg1: index) -> tensor<?x8xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0] high[%arg1, 0] {
    ^bb0(%arg2: index, %arg3: index):
      tensor.yield %cst : f32
    } : tensor<?x8xf32> to tensor<?x8xf32>
    return %padded : tensor<?x8xf32>
  }
  func.func @pad_all_dynamic(%arg0: tensor<?xi32>, %arg1: index, %arg2: index, %arg3: i32) -> tensor<?xi32> {
    %padded = tensor.pad %arg0 low[%arg1] high[%arg2] {
    ^bb0(%arg4: index):
      tensor.yield %arg3 : i32
    } : tensor<?xi32> to tensor<?xi32>
    return %padded : tensor<?xi32>
  }
}

