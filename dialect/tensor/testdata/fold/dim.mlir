func.func @f(%t: tensor<?x4xf32>, %n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %t, %c1 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %1 = tensor.dim %e, %c0 : tensor<?x4xf32>
  %2 = tensor.dim %t, %c0 : tensor<?x4xf32>
  return %0, %1, %2 : index, index, index
}
