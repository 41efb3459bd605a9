// Covers: tensor types: static, dynamic `?` dims, rank-0 tensor<f32>, various element types.
func.func @static_shapes(%a: tensor<4xf32>, %b: tensor<2x3xf16>, %c: tensor<1x2x3x4xbf16>) -> tensor<2x3xf16> {
  return %b : tensor<2x3xf16>
}

func.func @dynamic_shapes(%a: tensor<?xf32>, %b: tensor<?x4xi32>, %c: tensor<2x?x?xi8>) -> tensor<?x4xi32> {
  return %b : tensor<?x4xi32>
}

func.func @rank0(%a: tensor<f32>, %b: tensor<i1>, %c: tensor<index>) -> tensor<f32> {
  return %a : tensor<f32>
}

func.func @unranked_and_zero(%a: tensor<*xf32>, %b: tensor<0xf32>, %c: tensor<3x0xi64>) -> tensor<*xf32> {
  return %a : tensor<*xf32>
}

func.func @element_types(%a: tensor<2xi1>, %b: tensor<2xi16>, %c: tensor<2xi64>, %d: tensor<2xf64>, %e: tensor<2xindex>) -> tensor<2xindex> {
  return %e : tensor<2xindex>
}
