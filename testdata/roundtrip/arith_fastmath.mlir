// Covers: fastmath flags on float arith ops: fast, none, single flags, and flag combinations (printed order is canonical).
func.func @fastmath_flags(%a: f32, %b: f32) -> (f32, f32, f32, f32, f32, f32) {
  %0 = arith.addf %a, %b fastmath<fast> : f32
  %1 = arith.subf %a, %b fastmath<none> : f32
  %2 = arith.mulf %a, %b fastmath<reassoc,contract> : f32
  %3 = arith.divf %a, %b fastmath<arcp> : f32
  %4 = arith.remf %a, %b fastmath<nnan,ninf,nsz> : f32
  %5 = arith.addf %a, %b fastmath<contract,afn,reassoc> : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

func.func @fastmath_tensor(%t: tensor<4x?xf32>, %u: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %0 = arith.mulf %t, %u fastmath<fast> : tensor<4x?xf32>
  %1 = arith.addf %0, %u fastmath<nnan,ninf,nsz,arcp,contract,afn,reassoc> : tensor<4x?xf32>
  return %1 : tensor<4x?xf32>
}

func.func @fastmath_cmp_math(%x: f64) -> (f64, f64) {
  %0 = math.sqrt %x fastmath<afn> : f64
  %1 = arith.negf %0 fastmath<fast> : f64
  return %0, %1 : f64, f64
}
