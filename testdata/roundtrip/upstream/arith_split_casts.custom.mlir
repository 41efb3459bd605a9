module {
  func.func @quantize(%arg0: f32, %arg1: f32) -> i8 {
    %0 = arith.divf %arg0, %arg1 : f32
    %1 = arith.fptosi %0 : f32 to i32
    %2 = arith.trunci %1 : i32 to i8
    return %2 : i8
  }
}


// -----
module {
  func.func @dequantize(%arg0: i8, %arg1: f32) -> f32 {
    %0 = arith.extsi %arg0 : i8 to i32
    %1 = arith.sitofp %0 : i32 to f32
    %2 = arith.mulf %1, %arg1 : f32
    return %2 : f32
  }
}


// -----
module {
  func.func @half_roundtrip(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = arith.truncf %arg0 : tensor<8xf32> to tensor<8xbf16>
    %1 = arith.extf %0 : tensor<8xbf16> to tensor<8xf32>
    return %1 : tensor<8xf32>
  }
}

