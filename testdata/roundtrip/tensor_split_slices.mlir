// Covers: independent split chunks exercising slice round trips (extract then strided insert, dynamic tiles, reshape pairs).
// Uses --split-input-file.
func.func @extract_then_insert(%t: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [2, 2] : tensor<8x8xf32> to tensor<4x4xf32>
  %1 = tensor.insert_slice %0 into %t[1, 1] [4, 4] [2, 2] : tensor<4x4xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

func.func @dynamic_tile(%t: tensor<?x?xf32>, %i: index, %j: index, %ts: index) -> tensor<?x?xf32> {
  %0 = tensor.extract_slice %t[%i, %j] [%ts, %ts] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.insert_slice %0 into %t[%j, %i] [%ts, %ts] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

func.func @reshape_pair(%t: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}
