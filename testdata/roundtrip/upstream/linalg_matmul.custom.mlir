module {
  func.func @matmul_static(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<4x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    return %2 : tensor<4x16xf32>
  }
  func.func @matmul_dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
    return %0 : tensor<?x?xf32>
  }
  func.func @matmul_f16(%arg0: tensor<2x3xf16>, %arg1: tensor<3x2xf16>, %arg2: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf16>, tensor<3x2xf16>) outs(%arg2 : tensor<2x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
  func.func @matmul_i8(%arg0: tensor<2x4xi8>, %arg1: tensor<4x2xi8>, %arg2: tensor<2x2xi32>) -> tensor<2x2xi32> {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<2x4xi8>, tensor<4x2xi8>) outs(%arg2 : tensor<2x2xi32>) -> tensor<2x2xi32>
    return %0 : tensor<2x2xi32>
  }
  func.func @matmul_u8(%arg0: tensor<2x4xi8>, %arg1: tensor<4x2xi8>, %arg2: tensor<2x2xi32>) -> tensor<2x2xi32> {
    %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%arg0, %arg1 : tensor<2x4xi8>, tensor<4x2xi8>) outs(%arg2 : tensor<2x2xi32>) -> tensor<2x2xi32>
    return %0 : tensor<2x2xi32>
  }
}

