module {
  func.func @dims(%arg0: tensor<?x4x?xf32>) -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x4x?xf32>
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x4x?xf32>
    %dim_1 = tensor.dim %arg0, %c2 : tensor<?x4x?xf32>
    return %dim, %dim_0, %dim_1 : index, index, index
  }
  func.func @dyn_index(%arg0: tensor<?x?xf32>, %arg1: index) -> index {
    %dim = tensor.dim %arg0, %arg1 : tensor<?x?xf32>
    return %dim : index
  }
  func.func @unranked(%arg0: tensor<*xf32>) -> (index, index) {
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<*xf32>
    %rank = tensor.rank %arg0 : tensor<*xf32>
    return %dim, %rank : index, index
  }
  func.func @numel(%arg0: tensor<?x?xf32>) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
    %0 = arith.muli %dim, %dim_0 : index
    return %0 : index
  }
}

