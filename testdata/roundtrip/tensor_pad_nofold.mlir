// Covers: tensor.pad with the `nofold` unit attribute (static and zero padding) plus discardable attrs.
func.func @pad_nofold(%t: tensor<2x3xf32>) -> tensor<4x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.pad %t nofold low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

func.func @pad_nofold_zero(%t: tensor<8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.pad %t nofold low[0] high[0] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<8xf32> to tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @pad_nofold_dyn(%t: tensor<2x2xf16>, %h: index) -> tensor<2x?xf16> {
  %cst = arith.constant 0.000000e+00 : f16
  %0 = tensor.pad %t nofold low[0, 0] high[0, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f16
  } {pad.tag = "x"} : tensor<2x2xf16> to tensor<2x?xf16>
  return %0 : tensor<2x?xf16>
}
