// Covers: arith.cmpf with all sixteen predicates (false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true).
func.func @cmpf_ordered(%a: f32, %b: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = arith.cmpf false, %a, %b : f32
  %1 = arith.cmpf oeq, %a, %b : f32
  %2 = arith.cmpf ogt, %a, %b : f32
  %3 = arith.cmpf oge, %a, %b : f32
  %4 = arith.cmpf olt, %a, %b : f32
  %5 = arith.cmpf ole, %a, %b : f32
  %6 = arith.cmpf one, %a, %b : f32
  %7 = arith.cmpf ord, %a, %b : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @cmpf_unordered(%a: f64, %b: f64) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = arith.cmpf ueq, %a, %b : f64
  %1 = arith.cmpf ugt, %a, %b : f64
  %2 = arith.cmpf uge, %a, %b : f64
  %3 = arith.cmpf ult, %a, %b : f64
  %4 = arith.cmpf ule, %a, %b : f64
  %5 = arith.cmpf une, %a, %b : f64
  %6 = arith.cmpf uno, %a, %b : f64
  %7 = arith.cmpf true, %a, %b : f64
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @cmpf_tensor(%t: tensor<2x2xf16>, %u: tensor<2x2xf16>) -> tensor<2x2xi1> {
  %0 = arith.cmpf ogt, %t, %u : tensor<2x2xf16>
  return %0 : tensor<2x2xi1>
}
