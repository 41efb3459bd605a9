// Covers: dense array attrs array<i64: ...> (DenseI64Array) and other element types, incl. empty arrays.
func.func @arrays() attributes {
    d.i64 = array<i64: 1, 2>,
    d.i64_neg = array<i64: -9223372036854775808, 0, 3>,
    d.i64_empty = array<i64>,
    d.i32 = array<i32: 4, 5, 6>,
    d.i16 = array<i16: -1>,
    d.i8 = array<i8: 1, 2, 3>,
    d.i1 = array<i1: true, false>,
    d.f32 = array<f32: 1.0, 2.5>,
    d.f64 = array<f64: 0.1, -3.0>} {
  return
}

func.func @arrays_on_ops(%t: tensor<2x3xf32>, %init: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = linalg.transpose ins(%t : tensor<2x3xf32>) outs(%init : tensor<3x2xf32>) permutation = [1, 0]
  return %0 : tensor<3x2xf32>
}
