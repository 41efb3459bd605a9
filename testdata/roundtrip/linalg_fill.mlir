// Covers: linalg.fill with float/int/index scalars into static, dynamic and rank-0 tensors (zero-init and -inf init).
func.func @fill_zero() -> tensor<4x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.fill ins(%cst : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func @fill_ninf(%n: index) -> tensor<?xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @fill_int(%t: tensor<2x2xi32>, %v: i32) -> tensor<2x2xi32> {
  %0 = linalg.fill ins(%v : i32) outs(%t : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

func.func @fill_rank0(%t: tensor<f32>) -> tensor<f32> {
  %one = arith.constant 1.000000e+00 : f32
  %0 = linalg.fill ins(%one : f32) outs(%t : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @fill_convert(%t: tensor<3xf16>) -> tensor<3xf16> {
  %cst = arith.constant 2.000000e+00 : f32
  %0 = linalg.fill ins(%cst : f32) outs(%t : tensor<3xf16>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}
