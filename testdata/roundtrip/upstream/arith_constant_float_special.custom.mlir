module {
  func.func @specials() -> (f32, f32, f32, f32, f16, bf16, f64) {
    %cst = arith.constant 0x7FC00000 : f32
    %cst_0 = arith.constant 0x7F800000 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant -3.40282347E+38 : f32
    %cst_3 = arith.constant 0x7E00 : f16
    %cst_4 = arith.constant 0xFF80 : bf16
    %cst_5 = arith.constant 0x7FF0000000000000 : f64
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5 : f32, f32, f32, f32, f16, bf16, f64
  }
  func.func @precise() -> (f32, f32, f64, f32) {
    %cst = arith.constant 0.333333343 : f32
    %cst_0 = arith.constant 1.00000012 : f32
    %cst_1 = arith.constant 3.1415926535897931 : f64
    %cst_2 = arith.constant 0x4CEB79A3 : f32
    return %cst, %cst_0, %cst_1, %cst_2 : f32, f32, f64, f32
  }
}

