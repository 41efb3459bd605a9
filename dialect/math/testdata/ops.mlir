// Every math op of MLIR 16 on scalars and tensors, with and without fast-math.
func.func @unary(%a: f32, %h: f16, %g: bf16, %d: f64, %t: tensor<4x?xf32>) {
  %0 = math.absf %a : f32
  %1 = math.absf %t fastmath<fast> : tensor<4x?xf32>
  %2 = math.atan %a : f32
  %3 = math.atan %t fastmath<fast> : tensor<4x?xf32>
  %4 = math.cbrt %a : f32
  %5 = math.cbrt %t fastmath<fast> : tensor<4x?xf32>
  %6 = math.ceil %a : f32
  %7 = math.ceil %t fastmath<fast> : tensor<4x?xf32>
  %8 = math.cos %a : f32
  %9 = math.cos %t fastmath<fast> : tensor<4x?xf32>
  %10 = math.erf %a : f32
  %11 = math.erf %t fastmath<fast> : tensor<4x?xf32>
  %12 = math.exp %a : f32
  %13 = math.exp %t fastmath<fast> : tensor<4x?xf32>
  %14 = math.exp2 %a : f32
  %15 = math.exp2 %t fastmath<fast> : tensor<4x?xf32>
  %16 = math.expm1 %a : f32
  %17 = math.expm1 %t fastmath<fast> : tensor<4x?xf32>
  %18 = math.floor %a : f32
  %19 = math.floor %t fastmath<fast> : tensor<4x?xf32>
  %20 = math.log %a : f32
  %21 = math.log %t fastmath<fast> : tensor<4x?xf32>
  %22 = math.log10 %a : f32
  %23 = math.log10 %t fastmath<fast> : tensor<4x?xf32>
  %24 = math.log1p %a : f32
  %25 = math.log1p %t fastmath<fast> : tensor<4x?xf32>
  %26 = math.log2 %a : f32
  %27 = math.log2 %t fastmath<fast> : tensor<4x?xf32>
  %28 = math.round %a : f32
  %29 = math.round %t fastmath<fast> : tensor<4x?xf32>
  %30 = math.roundeven %a : f32
  %31 = math.roundeven %t fastmath<fast> : tensor<4x?xf32>
  %32 = math.rsqrt %a : f32
  %33 = math.rsqrt %t fastmath<fast> : tensor<4x?xf32>
  %34 = math.sin %a : f32
  %35 = math.sin %t fastmath<fast> : tensor<4x?xf32>
  %36 = math.sqrt %a : f32
  %37 = math.sqrt %t fastmath<fast> : tensor<4x?xf32>
  %38 = math.tan %a : f32
  %39 = math.tan %t fastmath<fast> : tensor<4x?xf32>
  %40 = math.tanh %a : f32
  %41 = math.tanh %t fastmath<fast> : tensor<4x?xf32>
  %42 = math.trunc %a : f32
  %43 = math.trunc %t fastmath<fast> : tensor<4x?xf32>
  %44 = math.exp %h fastmath<nnan,ninf> : f16
  %45 = math.tanh %g {tag} : bf16
  %46 = math.sqrt %d fastmath<afn> {tag = 1 : i64} : f64
  return
}

func.func @binary(%a: f32, %b: f32, %c: f32, %i: i32, %j: i32, %t: tensor<8xf64>, %ti: tensor<8xi32>, %x: index) {
  %0 = math.atan2 %a, %b : f32
  %1 = math.atan2 %t, %t fastmath<contract> : tensor<8xf64>
  %2 = math.copysign %a, %b : f32
  %3 = math.copysign %t, %t fastmath<contract> : tensor<8xf64>
  %4 = math.powf %a, %b : f32
  %5 = math.powf %t, %t fastmath<contract> : tensor<8xf64>
  %6 = math.fma %a, %b, %c : f32
  %7 = math.fma %t, %t, %t fastmath<fast> : tensor<8xf64>
  %8 = math.fpowi %a, %i : f32, i32
  %9 = math.fpowi %t, %ti fastmath<fast> : tensor<8xf64>, tensor<8xi32>
  %10 = math.ipowi %i, %j : i32
  %11 = math.ipowi %ti, %ti {tag} : tensor<8xi32>
  %12 = math.absi %i : i32
  %13 = math.ctlz %i : i32
  %14 = math.cttz %ti : tensor<8xi32>
  %15 = math.ctpop %x : index
  %16 = math.powf %a, %b fastmath<reassoc,nsz> {tag} : f32
  return
}
