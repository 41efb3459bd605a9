// Covers: dense elements attrs: splat and full, ints/floats/bools, nested multi-dim, rank-0, dynamic-free shapes.
func.func @dense_consts() -> (tensor<4xf32>, tensor<2x3xi32>, tensor<2x2x2xf64>, tensor<3xi1>, tensor<f32>) {
  %splat = arith.constant dense<0.000000e+00> : tensor<4xf32>
  %ints = arith.constant dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>
  %cube = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.5, -8.25]]]> : tensor<2x2x2xf64>
  %bools = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %scalar = arith.constant dense<3.5> : tensor<f32>
  return %splat, %ints, %cube, %bools, %scalar : tensor<4xf32>, tensor<2x3xi32>, tensor<2x2x2xf64>, tensor<3xi1>, tensor<f32>
}

func.func @dense_more() -> (tensor<2x2xi8>, tensor<3xf16>, tensor<2xbf16>, tensor<2x2xi1>, tensor<4xindex>, tensor<2xi64>) {
  %a = arith.constant dense<-1> : tensor<2x2xi8>
  %b = arith.constant dense<[1.0, 0.5, 0x7C00]> : tensor<3xf16>
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %d = arith.constant dense<true> : tensor<2x2xi1>
  %e = arith.constant dense<[0, 1, 2, 3]> : tensor<4xindex>
  %f = arith.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
  return %a, %b, %c, %d, %e, %f : tensor<2x2xi8>, tensor<3xf16>, tensor<2xbf16>, tensor<2x2xi1>, tensor<4xindex>, tensor<2xi64>
}

func.func @dense_as_attr() attributes {w = dense<[1.0, 2.0]> : tensor<2xf32>, z = dense<0> : tensor<0xi32>, nan = dense<0x7FC00000> : tensor<2xf32>} {
  return
}
