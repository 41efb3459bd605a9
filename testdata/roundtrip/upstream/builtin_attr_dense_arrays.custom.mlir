module {
  func.func @arrays() attributes {d.f32 = array<f32: 1.000000e+00, 2.500000e+00>, d.f64 = array<f64: 1.000000e-01, -3.000000e+00>, d.i1 = array<i1: true, false>, d.i16 = array<i16: -1>, d.i32 = array<i32: 4, 5, 6>, d.i64 = array<i64: 1, 2>, d.i64_empty = array<i64>, d.i64_neg = array<i64: -9223372036854775808, 0, 3>, d.i8 = array<i8: 1, 2, 3>} {
    return
  }
  func.func @arrays_on_ops(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %transposed = linalg.transpose ins(%arg0 : tensor<2x3xf32>) outs(%arg1 : tensor<3x2xf32>) permutation = [1, 0] 
    return %transposed : tensor<3x2xf32>
  }
}

