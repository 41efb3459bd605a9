module {
  func.func @float_elementwise(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = arith.addf %arg0, %arg1 : tensor<2x3xf32>
    %1 = arith.mulf %0, %arg0 : tensor<2x3xf32>
    %2 = arith.divf %1, %arg1 : tensor<2x3xf32>
    %3 = arith.subf %2, %arg0 : tensor<2x3xf32>
    return %3 : tensor<2x3xf32>
  }
  func.func @int_elementwise(%arg0: tensor<?xi32>, %arg1: tensor<?xi32>) -> tensor<?xi32> {
    %0 = arith.addi %arg0, %arg1 : tensor<?xi32>
    %1 = arith.muli %0, %arg1 : tensor<?xi32>
    %2 = arith.divsi %1, %arg0 : tensor<?xi32>
    %3 = arith.maxsi %2, %arg1 : tensor<?xi32>
    return %3 : tensor<?xi32>
  }
  func.func @rank0(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = arith.addf %arg0, %arg1 : tensor<f32>
    return %0 : tensor<f32>
  }
  func.func @clamp(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %cst = arith.constant dense<-1.000000e+00> : tensor<4xf32>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<4xf32>
    %0 = arith.cmpf olt, %arg0, %cst : tensor<4xf32>
    %1 = arith.select %0, %cst, %arg0 : tensor<4xi1>, tensor<4xf32>
    %2 = arith.minf %1, %cst_0 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}

