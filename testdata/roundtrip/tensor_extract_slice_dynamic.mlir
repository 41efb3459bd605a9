// Covers: tensor.extract_slice with dynamic offsets, sizes and strides (SSA operands mixed with static values).
func.func @dyn_offsets(%t: tensor<8x16xf32>, %i: index, %j: index) -> tensor<4x4xf32> {
  %0 = tensor.extract_slice %t[%i, %j] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

func.func @dyn_sizes(%t: tensor<?x?xf32>, %sz: index) -> tensor<?x4xf32> {
  %0 = tensor.extract_slice %t[0, 2] [%sz, 4] [1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

func.func @dyn_strides(%t: tensor<64xf32>, %off: index, %st: index) -> tensor<8xf32> {
  %0 = tensor.extract_slice %t[%off] [8] [%st] : tensor<64xf32> to tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @all_dynamic(%t: tensor<?x?x?xf32>, %a: index, %b: index, %c: index) -> tensor<?x?x2xf32> {
  %0 = tensor.extract_slice %t[%a, 0, %c] [%b, %b, 2] [1, %c, 1] : tensor<?x?x?xf32> to tensor<?x?x2xf32>
  return %0 : tensor<?x?x2xf32>
}
