// Covers: tensor.pad with static low/high padding and a region yielding a constant (zero, -inf) or block-arg-derived value.
func.func @pad_zero(%t: tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.pad %t low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%n: index, %c: index, %h: index, %w: index):
    tensor.yield %cst : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  return %0 : tensor<1x2x6x6xf32>
}

func.func @pad_asymmetric(%t: tensor<3x4xf32>) -> tensor<5x7xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %0 = tensor.pad %t low[2, 0] high[0, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %ninf : f32
  } : tensor<3x4xf32> to tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

func.func @pad_index_value(%t: tensor<4xi64>) -> tensor<6xi64> {
  %0 = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    tensor.yield %v : i64
  } : tensor<4xi64> to tensor<6xi64>
  return %0 : tensor<6xi64>
}
