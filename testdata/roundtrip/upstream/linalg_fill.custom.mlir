module {
  func.func @fill_zero() -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
  func.func @fill_ninf(%arg0: index) -> tensor<?xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %0 = tensor.empty(%arg0) : tensor<?xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<?xf32>) -> tensor<?xf32>
    return %1 : tensor<?xf32>
  }
  func.func @fill_int(%arg0: tensor<2x2xi32>, %arg1: i32) -> tensor<2x2xi32> {
    %0 = linalg.fill ins(%arg1 : i32) outs(%arg0 : tensor<2x2xi32>) -> tensor<2x2xi32>
    return %0 : tensor<2x2xi32>
  }
  func.func @fill_rank0(%arg0: tensor<f32>) -> tensor<f32> {
    %cst = arith.constant 1.000000e+00 : f32
    %0 = linalg.fill ins(%cst : f32) outs(%arg0 : tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
  func.func @fill_convert(%arg0: tensor<3xf16>) -> tensor<3xf16> {
    %cst = arith.constant 2.000000e+00 : f32
    %0 = linalg.fill ins(%cst : f32) outs(%arg0 : tensor<3xf16>) -> tensor<3xf16>
    return %0 : tensor<3xf16>
  }
}

