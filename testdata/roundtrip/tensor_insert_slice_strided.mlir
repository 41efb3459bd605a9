// Covers: STRIDED tensor.insert_slice (stride 2 and 3, non-zero offsets) as used to dilate gradients for conv backward.
func.func @stride2_1d(%grad: tensor<4xf32>) -> tensor<7xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<7xf32>
  %0 = tensor.insert_slice %grad into %cst[0] [4] [2] : tensor<4xf32> into tensor<7xf32>
  return %0 : tensor<7xf32>
}

func.func @stride2_nchw(%grad: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x2x5x5xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
  %2 = tensor.insert_slice %grad into %1[0, 0, 0, 0] [1, 2, 3, 3] [1, 1, 2, 2] : tensor<1x2x3x3xf32> into tensor<1x2x5x5xf32>
  return %2 : tensor<1x2x5x5xf32>
}

func.func @stride3_offset(%src: tensor<2x3xf32>, %dst: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %0 = tensor.insert_slice %src into %dst[1, 2] [2, 3] [3, 3] : tensor<2x3xf32> into tensor<8x12xf32>
  return %0 : tensor<8x12xf32>
}

func.func @mixed_strides(%src: tensor<2x2x4xf32>, %dst: tensor<4x6x4xf32>) -> tensor<4x6x4xf32> {
  %0 = tensor.insert_slice %src into %dst[1, 1, 0] [2, 2, 4] [2, 3, 1] : tensor<2x2x4xf32> into tensor<4x6x4xf32>
  return %0 : tensor<4x6x4xf32>
}

func.func @strided_nhwc(%grad: tensor<1x2x2x8xf32>) -> tensor<1x4x4x8xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<1x4x4x8xf32>
  %0 = tensor.insert_slice %grad into %cst[0, 1, 1, 0] [1, 2, 2, 8] [1, 2, 2, 1] : tensor<1x2x2x8xf32> into tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}
