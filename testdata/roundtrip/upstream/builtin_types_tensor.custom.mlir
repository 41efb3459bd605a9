module {
  func.func @static_shapes(%arg0: tensor<4xf32>, %arg1: tensor<2x3xf16>, %arg2: tensor<1x2x3x4xbf16>) -> tensor<2x3xf16> {
    return %arg1 : tensor<2x3xf16>
  }
  func.func @dynamic_shapes(%arg0: tensor<?xf32>, %arg1: tensor<?x4xi32>, %arg2: tensor<2x?x?xi8>) -> tensor<?x4xi32> {
    return %arg1 : tensor<?x4xi32>
  }
  func.func @rank0(%arg0: tensor<f32>, %arg1: tensor<i1>, %arg2: tensor<index>) -> tensor<f32> {
    return %arg0 : tensor<f32>
  }
  func.func @unranked_and_zero(%arg0: tensor<*xf32>, %arg1: tensor<0xf32>, %arg2: tensor<3x0xi64>) -> tensor<*xf32> {
    return %arg0 : tensor<*xf32>
  }
  func.func @element_types(%arg0: tensor<2xi1>, %arg1: tensor<2xi16>, %arg2: tensor<2xi64>, %arg3: tensor<2xf64>, %arg4: tensor<2xindex>) -> tensor<2xindex> {
    return %arg4 : tensor<2xindex>
  }
}

