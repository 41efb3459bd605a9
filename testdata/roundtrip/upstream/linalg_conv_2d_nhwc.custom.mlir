module {
  func.func @nhwc_hwcf(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x16xf32>, %arg2: tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32> {
    %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) outs(%arg2 : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
    return %0 : tensor<1x3x3x16xf32>
  }
  func.func @nhwc_fhwc(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<16x3x3x3xf32>, %arg2: tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32> {
    %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>) outs(%arg2 : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
    return %0 : tensor<1x4x4x16xf32>
  }
  func.func @nhwc_hwcf_i8(%arg0: tensor<1x4x4x2xi8>, %arg1: tensor<2x2x2x4xi8>, %arg2: tensor<1x3x3x4xi32>) -> tensor<1x3x3x4xi32> {
    %0 = linalg.conv_2d_nhwc_hwcf ins(%arg0, %arg1 : tensor<1x4x4x2xi8>, tensor<2x2x2x4xi8>) outs(%arg2 : tensor<1x3x3x4xi32>) -> tensor<1x3x3x4xi32>
    return %0 : tensor<1x3x3x4xi32>
  }
  func.func @nhwc_dynamic(%arg0: tensor<?x?x?x3xf32>, %arg1: tensor<3x3x3x8xf32>, %arg2: tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32> {
    %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<?x?x?x3xf32>, tensor<3x3x3x8xf32>) outs(%arg2 : tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32>
    return %0 : tensor<?x?x?x8xf32>
  }
}

