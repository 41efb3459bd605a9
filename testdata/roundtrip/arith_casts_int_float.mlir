// Covers: arith.sitofp, arith.uitofp, arith.fptosi, arith.fptoui (scalars and tensors, several widths).
func.func @int_to_float(%a: i32, %b: i64, %c: i8) -> (f32, f64, f16, bf16) {
  %0 = arith.sitofp %a : i32 to f32
  %1 = arith.uitofp %b : i64 to f64
  %2 = arith.sitofp %c : i8 to f16
  %3 = arith.uitofp %a : i32 to bf16
  return %0, %1, %2, %3 : f32, f64, f16, bf16
}

func.func @float_to_int(%x: f32, %y: f64, %h: f16) -> (i32, i64, i8, i16) {
  %0 = arith.fptosi %x : f32 to i32
  %1 = arith.fptoui %y : f64 to i64
  %2 = arith.fptosi %h : f16 to i8
  %3 = arith.fptoui %x : f32 to i16
  return %0, %1, %2, %3 : i32, i64, i8, i16
}

func.func @tensor_conv(%t: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = arith.sitofp %t : tensor<2x2xi32> to tensor<2x2xf32>
  %1 = arith.fptoui %0 : tensor<2x2xf32> to tensor<2x2xi32>
  return %1 : tensor<2x2xi32>
}
