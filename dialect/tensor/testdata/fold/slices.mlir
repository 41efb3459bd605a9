func.func @f(%t: tensor<8x16xf32>, %s: tensor<2x4xf32>, %o: index) -> (tensor<8x16xf32>, tensor<2x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [8, 16] [1, 1] : tensor<8x16xf32> to tensor<8x16xf32>
  %1 = tensor.insert_slice %s into %t[%o, 2] [2, 4] [2, 3] : tensor<2x4xf32> into tensor<8x16xf32>
  %2 = tensor.extract_slice %1[%o, 2] [2, 4] [2, 3] : tensor<8x16xf32> to tensor<2x4xf32>
  %3 = tensor.extract_slice %t[1, %o] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x4xf32>
  %4 = tensor.insert_slice %3 into %t[1, %o] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x16xf32>
  %5 = tensor.insert_slice %0 into %t[0, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<8x16xf32>
  return %5, %2, %4, %1 : tensor<8x16xf32>, tensor<2x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}
