// Covers: arith.constant of index type (%c0, %c1, negative, large) used as tensor indices.
func.func @index_consts(%t: tensor<4x?xf32>) -> (f32, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cm1 = arith.constant -1 : index
  %big = arith.constant 1024 : index
  %0 = tensor.extract %t[%c3, %c1] : tensor<4x?xf32>
  %1 = arith.addi %big, %cm1 : index
  %2 = tensor.dim %t, %c1 : tensor<4x?xf32>
  return %0, %1, %2, %c0 : f32, index, index, index
}

func.func @index_repeat() -> (index, index, index) {
  %a = arith.constant 0 : index
  %b = arith.constant 0 : index
  %c = arith.constant 2 : index
  return %a, %b, %c : index, index, index
}
