module {
  func.func @to_index(%arg0: i32, %arg1: i64) -> (index, index) {
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = arith.index_cast %arg1 : i64 to index
    return %0, %1 : index, index
  }
  func.func @from_index(%arg0: index) -> (i32, i64) {
    %0 = arith.index_cast %arg0 : index to i32
    %1 = arith.index_cast %arg0 : index to i64
    return %0, %1 : i32, i64
  }
  func.func @gather_one(%arg0: tensor<16xf32>, %arg1: i64) -> f32 {
    %0 = arith.index_cast %arg1 : i64 to index
    %extracted = tensor.extract %arg0[%0] : tensor<16xf32>
    return %extracted : f32
  }
  func.func @tensor_index_cast(%arg0: tensor<4xi32>) -> tensor<4xindex> {
    %0 = arith.index_cast %arg0 : tensor<4xi32> to tensor<4xindex>
    return %0 : tensor<4xindex>
  }
}

