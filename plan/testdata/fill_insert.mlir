// fill(0) + strided insert_slice: one buffer, the fill writes the result
// buffer and the insert is a strided copy into a view of it.
func.func @scatter(%arg0: tensor<2x3xf32>) -> tensor<4x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x7xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x7xf32>) -> tensor<4x7xf32>
  %2 = tensor.insert_slice %arg0 into %1[0, 1] [2, 3] [2, 2] : tensor<2x3xf32> into tensor<4x7xf32>
  return %2 : tensor<4x7xf32>
}

// The destination is also returned, so the insert must not clobber it:
// copy first.
func.func @keep_dest(%arg0: tensor<2x3xf32>) -> (tensor<4x7xf32>, tensor<4x7xf32>) {
  %cst = arith.constant 1.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x7xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x7xf32>) -> tensor<4x7xf32>
  %2 = tensor.insert_slice %arg0 into %1[0, 1] [2, 3] [2, 2] : tensor<2x3xf32> into tensor<4x7xf32>
  return %1, %2 : tensor<4x7xf32>, tensor<4x7xf32>
}
