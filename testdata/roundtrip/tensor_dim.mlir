// Covers: tensor.dim with constant and dynamic dimension indices, on static, dynamic and unranked tensors.
func.func @dims(%t: tensor<?x4x?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.dim %t, %c0 : tensor<?x4x?xf32>
  %1 = tensor.dim %t, %c1 : tensor<?x4x?xf32>
  %2 = tensor.dim %t, %c2 : tensor<?x4x?xf32>
  return %0, %1, %2 : index, index, index
}

func.func @dyn_index(%t: tensor<?x?xf32>, %d: index) -> index {
  %0 = tensor.dim %t, %d : tensor<?x?xf32>
  return %0 : index
}

func.func @unranked(%t: tensor<*xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %0 = tensor.dim %t, %c0 : tensor<*xf32>
  %1 = tensor.rank %t : tensor<*xf32>
  return %0, %1 : index, index
}

func.func @numel(%t: tensor<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>
  %0 = arith.muli %d0, %d1 : index
  return %0 : index
}
