// Covers: arith.extf and arith.truncf between f16, bf16, f32, f64 (scalars and tensors).
func.func @ext(%h: f16, %b: bf16, %s: f32) -> (f32, f32, f64, f64) {
  %0 = arith.extf %h : f16 to f32
  %1 = arith.extf %b : bf16 to f32
  %2 = arith.extf %s : f32 to f64
  %3 = arith.extf %h : f16 to f64
  return %0, %1, %2, %3 : f32, f32, f64, f64
}

func.func @trunc(%d: f64, %s: f32) -> (f32, f16, bf16) {
  %0 = arith.truncf %d : f64 to f32
  %1 = arith.truncf %s : f32 to f16
  %2 = arith.truncf %s : f32 to bf16
  return %0, %1, %2 : f32, f16, bf16
}

func.func @tensor_casts(%t: tensor<2x?xf16>) -> tensor<2x?xf16> {
  %0 = arith.extf %t : tensor<2x?xf16> to tensor<2x?xf32>
  %1 = arith.truncf %0 : tensor<2x?xf32> to tensor<2x?xf16>
  return %1 : tensor<2x?xf16>
}
