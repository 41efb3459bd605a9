module {
  func.func @pad_nofold(%arg0: tensor<2x3xf32>) -> tensor<4x5xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 nofold low[1, 1] high[1, 1] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %cst : f32
    } : tensor<2x3xf32> to tensor<4x5xf32>
    return %padded : tensor<4x5xf32>
  }
  func.func @pad_nofold_zero(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 nofold low[0] high[0] {
    ^bb0(%arg1: index):
      tensor.yield %cst : f32
    } : tensor<8xf32> to tensor<8xf32>
    return %padded : tensor<8xf32>
  }
  func.func @pad_nofold_dyn(%arg0: tensor<2x2xf16>, %arg1: index) -> tensor<2x?xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %padded = tensor.pad %arg0 nofold low[0, 0] high[0, %arg1] {
    ^bb0(%arg2: index, %arg3: index):
      tensor.yield %cst : f16
    } {pad.tag = "x"} : tensor<2x2xf16> to tensor<2x?xf16>
    return %padded : tensor<2x?xf16>
  }
}

