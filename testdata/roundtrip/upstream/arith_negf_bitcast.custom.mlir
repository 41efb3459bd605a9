module {
  func.func @neg(%arg0: f32, %arg1: tensor<4xf64>) -> (f32, tensor<4xf64>, f32) {
    %0 = arith.negf %arg0 : f32
    %1 = arith.negf %arg1 : tensor<4xf64>
    %2 = arith.negf %arg0 fastmath<nsz> : f32
    return %0, %1, %2 : f32, tensor<4xf64>, f32
  }
  func.func @bitcasts(%arg0: f32, %arg1: i64, %arg2: f16, %arg3: bf16) -> (i32, f64, i16, f16) {
    %0 = arith.bitcast %arg0 : f32 to i32
    %1 = arith.bitcast %arg1 : i64 to f64
    %2 = arith.bitcast %arg2 : f16 to i16
    %3 = arith.bitcast %arg3 : bf16 to f16
    return %0, %1, %2, %3 : i32, f64, i16, f16
  }
  func.func @tensor_bitcast(%arg0: tensor<2x2xf32>) -> tensor<2x2xi32> {
    %0 = arith.bitcast %arg0 : tensor<2x2xf32> to tensor<2x2xi32>
    return %0 : tensor<2x2xi32>
  }
}

