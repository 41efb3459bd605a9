module {
  func.func @pad_zero(%arg0: tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
    return %padded : tensor<1x2x6x6xf32>
  }
  func.func @pad_asymmetric(%arg0: tensor<3x4xf32>) -> tensor<5x7xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %padded = tensor.pad %arg0 low[2, 0] high[0, 3] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %cst : f32
    } : tensor<3x4xf32> to tensor<5x7xf32>
    return %padded : tensor<5x7xf32>
  }
  func.func @pad_index_value(%arg0: tensor<4xi64>) -> tensor<6xi64> {
    %padded = tensor.pad %arg0 low[1] high[1] {
    ^bb0(%arg1: index):
      %0 = arith.index_cast %arg1 : index to i64
      tensor.yield %0 : i64
    } : tensor<4xi64> to tensor<6xi64>
    return %padded : tensor<6xi64>
  }
}

