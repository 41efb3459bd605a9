// tensor.pad with static and dynamic amounts, nofold, and index-dependent bodies.

func.func @pad_static(%t: tensor<4x4xf32>, %cst: f32) -> tensor<7x4xf32> {
  %0 = tensor.pad %t low[1, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<7x4xf32>
  return %0 : tensor<7x4xf32>
}

// -----

func.func @pad_dynamic(%t: tensor<4x4xf32>, %l: index, %h: index, %cst: f32, %d: tensor<?x8xf32>) -> (tensor<7x?xf32>, tensor<?x?xf32>, tensor<?x8xf32>) {
  %0 = tensor.pad %t low[1, %l] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<7x?xf32>
  %1 = tensor.pad %t low[%l, 1] high[%h, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<?x?xf32>
  %2 = tensor.pad %d low[0, 0] high[%h, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x8xf32> to tensor<?x8xf32>
  return %0, %1, %2 : tensor<7x?xf32>, tensor<?x?xf32>, tensor<?x8xf32>
}

// -----

func.func @pad_nofold(%t: tensor<2x3xf32>, %cst: f32, %h: index, %u: tensor<8xf32>) -> (tensor<4x5xf32>, tensor<8xf32>, tensor<2x?xf32>) {
  %0 = tensor.pad %t nofold low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  %1 = tensor.pad %u nofold low[0] high[0] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<8xf32> to tensor<8xf32>
  %2 = tensor.pad %t nofold low[0, 0] high[0, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } {pad.tag = "x"} : tensor<2x3xf32> to tensor<2x?xf32>
  return %0, %1, %2 : tensor<4x5xf32>, tensor<8xf32>, tensor<2x?xf32>
}

// -----

func.func @pad_index_body(%t: tensor<4xindex>) -> tensor<6xindex> {
  %0 = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<4xindex> to tensor<6xindex>
  return %0 : tensor<6xindex>
}
