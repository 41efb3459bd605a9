module {
  func.func @iota(%arg0: index) -> tensor<?xi64> {
    %generated = tensor.generate %arg0 {
    ^bb0(%arg1: index):
      %0 = arith.index_cast %arg1 : index to i64
      tensor.yield %0 : i64
    } : tensor<?xi64>
    return %generated : tensor<?xi64>
  }
  func.func @eye() -> tensor<3x3xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %generated = tensor.generate  {
    ^bb0(%arg0: index, %arg1: index):
      %0 = arith.cmpi eq, %arg0, %arg1 : index
      %1 = arith.select %0, %cst, %cst_0 : f32
      tensor.yield %1 : f32
    } : tensor<3x3xf32>
    return %generated : tensor<3x3xf32>
  }
  func.func @reshape_static(%arg0: tensor<6xf32>, %arg1: tensor<2xi32>) -> tensor<2x3xf32> {
    %reshape = tensor.reshape %arg0(%arg1) : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    return %reshape : tensor<2x3xf32>
  }
  func.func @reshape_dynamic(%arg0: tensor<?xf32>, %arg1: tensor<2xindex>) -> tensor<?x?xf32> {
    %reshape = tensor.reshape %arg0(%arg1) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    return %reshape : tensor<?x?xf32>
  }
}

