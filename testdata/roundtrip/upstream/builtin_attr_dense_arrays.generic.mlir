"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {d.f32 = array<f32: 1.000000e+00, 2.500000e+00>, d.f64 = array<f64: 1.000000e-01, -3.000000e+00>, d.i1 = array<i1: true, false>, d.i16 = array<i16: -1>, d.i32 = array<i32: 4, 5, 6>, d.i64 = array<i64: 1, 2>, d.i64_empty = array<i64>, d.i64_neg = array<i64: -9223372036854775808, 0, 3>, d.i8 = array<i8: 1, 2, 3>, function_type = () -> (), sym_name = "arrays"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>):
    %0 = "linalg.transpose"(%arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      "linalg.yield"(%arg2) : (f32) -> ()
    }) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    "func.return"(%0) : (tensor<3x2xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>, sym_name = "arrays_on_ops"} : () -> ()
}) : () -> ()

