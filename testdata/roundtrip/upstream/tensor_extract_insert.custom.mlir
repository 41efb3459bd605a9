module {
  func.func @extract(%arg0: tensor<4x5xf32>, %arg1: index, %arg2: index) -> (f32, f32) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %extracted = tensor.extract %arg0[%c0, %c2] : tensor<4x5xf32>
    %extracted_0 = tensor.extract %arg0[%arg1, %arg2] : tensor<4x5xf32>
    return %extracted, %extracted_0 : f32, f32
  }
  func.func @extract_rank0(%arg0: tensor<f32>) -> f32 {
    %extracted = tensor.extract %arg0[] : tensor<f32>
    return %extracted : f32
  }
  func.func @insert(%arg0: tensor<?x3xi32>, %arg1: i32, %arg2: index) -> tensor<?x3xi32> {
    %c1 = arith.constant 1 : index
    %inserted = tensor.insert %arg1 into %arg0[%arg2, %c1] : tensor<?x3xi32>
    %inserted_0 = tensor.insert %arg1 into %inserted[%c1, %c1] : tensor<?x3xi32>
    return %inserted_0 : tensor<?x3xi32>
  }
  func.func @insert_rank0(%arg0: tensor<f32>, %arg1: f32) -> tensor<f32> {
    %inserted = tensor.insert %arg1 into %arg0[] : tensor<f32>
    return %inserted : tensor<f32>
  }
}

