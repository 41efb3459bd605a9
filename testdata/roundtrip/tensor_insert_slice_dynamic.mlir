// Covers: tensor.insert_slice with dynamic offsets, sizes and strides, dynamic dest shapes, rank-reducing source.
func.func @dyn_offset(%dst: tensor<16x8xf32>, %src: tensor<4x8xf32>, %off: index) -> tensor<16x8xf32> {
  %0 = tensor.insert_slice %src into %dst[%off, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

func.func @dyn_sizes(%dst: tensor<?x?xf32>, %src: tensor<?x4xf32>, %i: index, %n: index) -> tensor<?x?xf32> {
  %0 = tensor.insert_slice %src into %dst[%i, %i] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @dyn_strided(%dst: tensor<32xf32>, %src: tensor<4xf32>, %o: index, %s: index) -> tensor<32xf32> {
  %0 = tensor.insert_slice %src into %dst[%o] [4] [%s] : tensor<4xf32> into tensor<32xf32>
  return %0 : tensor<32xf32>
}

func.func @dyn_rank_reducing(%dst: tensor<4x?x8xf32>, %row: tensor<8xf32>, %i: index, %j: index) -> tensor<4x?x8xf32> {
  %0 = tensor.insert_slice %row into %dst[%i, %j, 0] [1, 1, 8] [1, 1, 1] : tensor<8xf32> into tensor<4x?x8xf32>
  return %0 : tensor<4x?x8xf32>
}

func.func @dyn_strided_2d(%dst: tensor<?x?xf32>, %src: tensor<2x2xf32>, %o: index, %s: index) -> tensor<?x?xf32> {
  %0 = tensor.insert_slice %src into %dst[%o, 1] [2, 2] [%s, 2] : tensor<2x2xf32> into tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
