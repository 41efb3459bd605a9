// Covers: arith.negf (scalar, tensor, fastmath) and arith.bitcast between same-width int/float types.
func.func @neg(%a: f32, %t: tensor<4xf64>) -> (f32, tensor<4xf64>, f32) {
  %0 = arith.negf %a : f32
  %1 = arith.negf %t : tensor<4xf64>
  %2 = arith.negf %a fastmath<nsz> : f32
  return %0, %1, %2 : f32, tensor<4xf64>, f32
}

func.func @bitcasts(%f: f32, %i: i64, %h: f16, %b: bf16) -> (i32, f64, i16, f16) {
  %0 = arith.bitcast %f : f32 to i32
  %1 = arith.bitcast %i : i64 to f64
  %2 = arith.bitcast %h : f16 to i16
  %3 = arith.bitcast %b : bf16 to f16
  return %0, %1, %2, %3 : i32, f64, i16, f16
}

func.func @tensor_bitcast(%t: tensor<2x2xf32>) -> tensor<2x2xi32> {
  %0 = arith.bitcast %t : tensor<2x2xf32> to tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
