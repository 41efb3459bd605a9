// Covers: linalg.conv_2d_nhwc_hwcf and linalg.conv_2d_nhwc_fhwc with strides/dilations and mixed-precision (i8 -> i32).
func.func @nhwc_hwcf(%in: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>, %acc: tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %w : tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) outs(%acc : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  return %0 : tensor<1x3x3x16xf32>
}

func.func @nhwc_fhwc(%in: tensor<1x8x8x3xf32>, %w: tensor<16x3x3x3xf32>, %acc: tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>) outs(%acc : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %0 : tensor<1x4x4x16xf32>
}

func.func @nhwc_hwcf_i8(%in: tensor<1x4x4x2xi8>, %w: tensor<2x2x2x4xi8>, %acc: tensor<1x3x3x4xi32>) -> tensor<1x3x3x4xi32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%in, %w : tensor<1x4x4x2xi8>, tensor<2x2x2x4xi8>) outs(%acc : tensor<1x3x3x4xi32>) -> tensor<1x3x3x4xi32>
  return %0 : tensor<1x3x3x4xi32>
}

func.func @nhwc_dynamic(%in: tensor<?x?x?x3xf32>, %w: tensor<3x3x3x8xf32>, %acc: tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : tensor<?x?x?x3xf32>, tensor<3x3x3x8xf32>) outs(%acc : tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32>
  return %0 : tensor<?x?x?x8xf32>
}
