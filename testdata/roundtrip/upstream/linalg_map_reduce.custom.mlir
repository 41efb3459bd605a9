module {
  func.func @map_add(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = tensor.empty() : tensor<4x4xf32>
    %mapped = linalg.map { arith.addf } ins(%arg0, %arg1 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>)
    return %mapped : tensor<4x4xf32>
  }
  func.func @map_complex(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    %cst = arith.constant 2.000000e+00 : f32
    %mapped = linalg.map ins(%arg0 : tensor<8xf32>) outs(%arg1 : tensor<8xf32>)
      (%in: f32) {
        %0 = arith.mulf %in, %cst : f32
        %1 = math.tanh %0 : f32
        linalg.yield %1 : f32
      }
    return %mapped : tensor<8xf32>
  }
  func.func @reduce_sum(%arg0: tensor<4x16xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
    %reduced = linalg.reduce ins(%arg0 : tensor<4x16xf32>) outs(%arg1 : tensor<4xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    return %reduced : tensor<4xf32>
  }
  func.func @reduce_max_dyn(%arg0: tensor<?x?x8xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %reduced = linalg.reduce ins(%arg0 : tensor<?x?x8xf32>) outs(%arg1 : tensor<?xf32>) dimensions = [1, 2] 
      (%in: f32, %init: f32) {
        %0 = arith.maxf %in, %init : f32
        linalg.yield %0 : f32
      }
    return %reduced : tensor<?xf32>
  }
}

