module {
  func.func @ext(%arg0: f16, %arg1: bf16, %arg2: f32) -> (f32, f32, f64, f64) {
    %0 = arith.extf %arg0 : f16 to f32
    %1 = arith.extf %arg1 : bf16 to f32
    %2 = arith.extf %arg2 : f32 to f64
    %3 = arith.extf %arg0 : f16 to f64
    return %0, %1, %2, %3 : f32, f32, f64, f64
  }
  func.func @trunc(%arg0: f64, %arg1: f32) -> (f32, f16, bf16) {
    %0 = arith.truncf %arg0 : f64 to f32
    %1 = arith.truncf %arg1 : f32 to f16
    %2 = arith.truncf %arg1 : f32 to bf16
    return %0, %1, %2 : f32, f16, bf16
  }
  func.func @tensor_casts(%arg0: tensor<2x?xf16>) -> tensor<2x?xf16> {
    %0 = arith.extf %arg0 : tensor<2x?xf16> to tensor<2x?xf32>
    %1 = arith.truncf %0 : tensor<2x?xf32> to tensor<2x?xf16>
    return %1 : tensor<2x?xf16>
  }
}

