module {
  func.func @int_to_float(%arg0: i32, %arg1: i64, %arg2: i8) -> (f32, f64, f16, bf16) {
    %0 = arith.sitofp %arg0 : i32 to f32
    %1 = arith.uitofp %arg1 : i64 to f64
    %2 = arith.sitofp %arg2 : i8 to f16
    %3 = arith.uitofp %arg0 : i32 to bf16
    return %0, %1, %2, %3 : f32, f64, f16, bf16
  }
  func.func @float_to_int(%arg0: f32, %arg1: f64, %arg2: f16) -> (i32, i64, i8, i16) {
    %0 = arith.fptosi %arg0 : f32 to i32
    %1 = arith.fptoui %arg1 : f64 to i64
    %2 = arith.fptosi %arg2 : f16 to i8
    %3 = arith.fptoui %arg0 : f32 to i16
    return %0, %1, %2, %3 : i32, i64, i8, i16
  }
  func.func @tensor_conv(%arg0: tensor<2x2xi32>) -> tensor<2x2xi32> {
    %0 = arith.sitofp %arg0 : tensor<2x2xi32> to tensor<2x2xf32>
    %1 = arith.fptoui %0 : tensor<2x2xf32> to tensor<2x2xi32>
    return %1 : tensor<2x2xi32>
  }
}

