// Sums over rows into consecutive outputs (a bias gradient, a layer
// norm's grad_bias): the reduction strided, the outputs' lanes
// consecutive elements (cpu/sumlanes_test.go, TestColumnSums). 40
// columns: two units of 16 and one of 8; 100 rows.
#x = affine_map<(d0, d1) -> (d0, d1)>
#c = affine_map<(d0, d1) -> (d1)>

// In f32, added to the sums given.
func.func @cols32(%x: tensor<100x40xf32>, %init: tensor<40xf32>) -> tensor<40xf32> {
  %r = linalg.generic {indexing_maps = [#x, #c], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<100x40xf32>) outs(%init : tensor<40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.addf %o, %a : f32
    linalg.yield %t : f32
  } -> tensor<40xf32>
  return %r : tensor<40xf32>
}

// f32 data summed in f64 from zero.
func.func @cols64(%x: tensor<100x40xf32>) -> tensor<40xf64> {
  %zero = arith.constant 0.000000e+00 : f64
  %e = tensor.empty() : tensor<40xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<40xf64>) -> tensor<40xf64>
  %r = linalg.generic {indexing_maps = [#x, #c], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<100x40xf32>) outs(%f : tensor<40xf64>) {
  ^bb0(%a: f32, %o: f64):
    %w = arith.extf %a : f32 to f64
    %t = arith.addf %o, %w : f64
    linalg.yield %t : f64
  } -> tensor<40xf64>
  return %r : tensor<40xf64>
}
