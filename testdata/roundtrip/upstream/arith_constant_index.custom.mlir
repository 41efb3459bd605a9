module {
  func.func @index_consts(%arg0: tensor<4x?xf32>) -> (f32, index, index, index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c-1 = arith.constant -1 : index
    %c1024 = arith.constant 1024 : index
    %extracted = tensor.extract %arg0[%c3, %c1] : tensor<4x?xf32>
    %0 = arith.addi %c1024, %c-1 : index
    %dim = tensor.dim %arg0, %c1 : tensor<4x?xf32>
    return %extracted, %0, %dim, %c0 : f32, index, index, index
  }
  func.func @index_repeat() -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    return %c0, %c0_0, %c2 : index, index, index
  }
}

