// Covers: tensor.generate (static and dynamic extents, region with index block args) and tensor.reshape with a shape tensor.
func.func @iota(%n: index) -> tensor<?xi64> {
  %0 = tensor.generate %n {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    tensor.yield %v : i64
  } : tensor<?xi64>
  return %0 : tensor<?xi64>
}

func.func @eye() -> tensor<3x3xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %0 = tensor.generate {
  ^bb0(%i: index, %j: index):
    %eq = arith.cmpi eq, %i, %j : index
    %v = arith.select %eq, %one, %zero : f32
    tensor.yield %v : f32
  } : tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

func.func @reshape_static(%t: tensor<6xf32>, %shape: tensor<2xi32>) -> tensor<2x3xf32> {
  %0 = tensor.reshape %t(%shape) : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @reshape_dynamic(%t: tensor<?xf32>, %shape: tensor<2xindex>) -> tensor<?x?xf32> {
  %0 = tensor.reshape %t(%shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
