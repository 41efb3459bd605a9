// Covers: linalg.matmul on static and dynamic shapes, zero-filled accumulators, mixed precision (f16->f32, i8->i32) and the `cast` attr (cast_unsigned).
func.func @matmul_static(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %acc = linalg.fill ins(%cst : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%acc : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

func.func @matmul_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @matmul_f16(%a: tensor<2x3xf16>, %b: tensor<3x2xf16>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<2x3xf16>, tensor<3x2xf16>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

func.func @matmul_i8(%a: tensor<2x4xi8>, %b: tensor<4x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<2x4xi8>, tensor<4x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

func.func @matmul_u8(%a: tensor<2x4xi8>, %b: tensor<4x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x4xi8>, tensor<4x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
