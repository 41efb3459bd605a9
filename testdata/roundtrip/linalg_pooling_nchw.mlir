// Covers: linalg.pooling_nchw_max and linalg.pooling_nchw_sum (window given by a shape-only tensor.empty operand), strided.
func.func @maxpool(%in: tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %acc = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %win : tensor<1x3x8x8xf32>, tensor<2x2xf32>) outs(%acc : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

func.func @sumpool(%in: tensor<2x4x6x6xf32>) -> tensor<2x4x4x4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %0 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %win : tensor<2x4x6x6xf32>, tensor<3x3xf32>) outs(%acc : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}

func.func @maxpool_nhwc(%in: tensor<1x4x4x2xf32>, %acc: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %win = tensor.empty() : tensor<2x2xf32>
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %win : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%acc : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
