// Covers: arith.maxf/minf (MLIR 16 names; maximumf does not exist yet) and maxsi/minsi/maxui/minui.
func.func @float_minmax(%a: f32, %b: f32) -> (f32, f32) {
  %0 = arith.maxf %a, %b : f32
  %1 = arith.minf %a, %b : f32
  return %0, %1 : f32, f32
}

func.func @float_minmax_fastmath(%a: f64, %b: f64) -> f64 {
  %0 = arith.maxf %a, %b fastmath<nnan> : f64
  %1 = arith.minf %0, %b fastmath<nnan,ninf> : f64
  return %1 : f64
}

func.func @int_minmax(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.maxsi %a, %b : i32
  %1 = arith.minsi %a, %b : i32
  %2 = arith.maxui %a, %b : i32
  %3 = arith.minui %a, %b : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

func.func @relu(%t: tensor<2x3xf32>, %i: index, %j: index) -> (tensor<2x3xf32>, index) {
  %zero = arith.constant dense<0.000000e+00> : tensor<2x3xf32>
  %0 = arith.maxf %t, %zero : tensor<2x3xf32>
  %1 = arith.minsi %i, %j : index
  return %0, %1 : tensor<2x3xf32>, index
}
