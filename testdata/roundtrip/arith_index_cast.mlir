// Covers: arith.index_cast between index and i32/i64 (both directions), on scalars and tensors, used for tensor indexing.
func.func @to_index(%a: i32, %b: i64) -> (index, index) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %b : i64 to index
  return %0, %1 : index, index
}

func.func @from_index(%i: index) -> (i32, i64) {
  %0 = arith.index_cast %i : index to i32
  %1 = arith.index_cast %i : index to i64
  return %0, %1 : i32, i64
}

func.func @gather_one(%t: tensor<16xf32>, %pos: i64) -> f32 {
  %0 = arith.index_cast %pos : i64 to index
  %1 = tensor.extract %t[%0] : tensor<16xf32>
  return %1 : f32
}

func.func @tensor_index_cast(%t: tensor<4xi32>) -> tensor<4xindex> {
  %0 = arith.index_cast %t : tensor<4xi32> to tensor<4xindex>
  return %0 : tensor<4xindex>
}
