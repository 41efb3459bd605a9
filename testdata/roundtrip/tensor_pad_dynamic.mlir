// Covers: tensor.pad with dynamic low/high padding amounts (SSA operands), dynamic source dims.
func.func @pad_dyn_amounts(%t: tensor<4x4xf32>, %lo: index, %hi: index) -> tensor<?x?xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.pad %t low[%lo, 1] high[%hi, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<?x6xf32>
  %1 = tensor.cast %0 : tensor<?x6xf32> to tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

func.func @pad_dyn_source(%t: tensor<?x8xf32>, %p: index) -> tensor<?x8xf32> {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = tensor.pad %t low[0, 0] high[%p, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x8xf32> to tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

func.func @pad_all_dynamic(%t: tensor<?xi32>, %a: index, %b: index, %v: i32) -> tensor<?xi32> {
  %0 = tensor.pad %t low[%a] high[%b] {
  ^bb0(%i: index):
    tensor.yield %v : i32
  } : tensor<?xi32> to tensor<?xi32>
  return %0 : tensor<?xi32>
}
