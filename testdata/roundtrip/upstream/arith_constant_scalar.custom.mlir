module {
  func.func @int_consts() -> (i1, i1, i8, i16, i32, i64, i32) {
    %true = arith.constant true
    %false = arith.constant false
    %c7_i8 = arith.constant 7 : i8
    %c-300_i16 = arith.constant -300 : i16
    %c0_i32 = arith.constant 0 : i32
    %c4294967296_i64 = arith.constant 4294967296 : i64
    %c1_i32 = arith.constant 1 : i32
    return %true, %false, %c7_i8, %c-300_i16, %c0_i32, %c4294967296_i64, %c1_i32 : i1, i1, i8, i16, i32, i64, i32
  }
  func.func @float_consts() -> (f16, bf16, f32, f64, f32) {
    %cst = arith.constant 1.500000e+00 : f16
    %cst_0 = arith.constant 2.500000e-01 : bf16
    %cst_1 = arith.constant 1.000000e-01 : f32
    %cst_2 = arith.constant -1.000000e-03 : f64
    %cst_3 = arith.constant 1.000000e-01 : f32
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : f16, bf16, f32, f64, f32
  }
  func.func @dup_consts() -> (i32, i32, i32) {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %c1_i32_1 = arith.constant 1 : i32
    return %c1_i32, %c1_i32_0, %c1_i32_1 : i32, i32, i32
  }
}

