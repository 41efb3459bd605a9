// Covers: split-file chunks of arith conversion chains (quantize/dequantize style) on scalars and tensors.
// Uses --split-input-file.
func.func @quantize(%x: f32, %scale: f32) -> i8 {
  %0 = arith.divf %x, %scale : f32
  %1 = arith.fptosi %0 : f32 to i32
  %2 = arith.trunci %1 : i32 to i8
  return %2 : i8
}

// -----

func.func @dequantize(%q: i8, %scale: f32) -> f32 {
  %0 = arith.extsi %q : i8 to i32
  %1 = arith.sitofp %0 : i32 to f32
  %2 = arith.mulf %1, %scale : f32
  return %2 : f32
}

// -----

func.func @half_roundtrip(%t: tensor<8xf32>) -> tensor<8xf32> {
  %0 = arith.truncf %t : tensor<8xf32> to tensor<8xbf16>
  %1 = arith.extf %0 : tensor<8xbf16> to tensor<8xf32>
  return %1 : tensor<8xf32>
}
