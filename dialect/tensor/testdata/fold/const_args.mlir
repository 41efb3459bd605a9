func.func @insert(%s: tensor<2x4xf32>, %d: tensor<8x16xf32>, %o: index) -> tensor<8x16xf32> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %0 = tensor.insert_slice %s into %d[%c1, %o] [2, 4] [%c3, 3] : tensor<2x4xf32> into tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

func.func @extract(%t: tensor<8x16xf32>) -> tensor<2x4xf32> {
  %c2 = arith.constant 2 : index
  %0 = tensor.extract_slice %t[%c2, 0] [2, 4] [%c2, 1] : tensor<8x16xf32> to tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
