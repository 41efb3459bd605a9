// arith.cmpi with all ten predicates and arith.cmpf with all sixteen, on
// scalars, index and tensors.
func.func @cmpi(%a: i32, %b: i32, %i: index, %p: i1, %t: tensor<4xi64>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi slt, %i, %i : index
  %11 = arith.cmpi eq, %p, %p : i1
  %12 = arith.cmpi sge, %t, %t : tensor<4xi64>
  %13 = arith.cmpi "ne", %a, %b {tag} : i32
  return
}

func.func @cmpf(%a: f32, %b: f32, %h: f16, %t: tensor<2x?xf64>) {
  %0 = arith.cmpf false, %a, %b : f32
  %1 = arith.cmpf oeq, %a, %b : f32
  %2 = arith.cmpf ogt, %a, %b : f32
  %3 = arith.cmpf oge, %a, %b : f32
  %4 = arith.cmpf olt, %a, %b : f32
  %5 = arith.cmpf ole, %a, %b : f32
  %6 = arith.cmpf one, %a, %b : f32
  %7 = arith.cmpf ord, %a, %b : f32
  %8 = arith.cmpf ueq, %a, %b : f32
  %9 = arith.cmpf ugt, %a, %b : f32
  %10 = arith.cmpf uge, %a, %b : f32
  %11 = arith.cmpf ult, %a, %b : f32
  %12 = arith.cmpf ule, %a, %b : f32
  %13 = arith.cmpf une, %a, %b : f32
  %14 = arith.cmpf uno, %a, %b : f32
  %15 = arith.cmpf true, %a, %b : f32
  %16 = arith.cmpf olt, %h, %h : f16
  %17 = arith.cmpf une, %t, %t {tag} : tensor<2x?xf64>
  return
}

// -----

// The generic form, with and without the default-valued fastmath attribute.
func.func @generic(%a: f32, %i: i32) -> (f32, f32, i1) {
  %0 = "arith.addf"(%a, %a) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
  %1 = "arith.mulf"(%0, %a) {fastmath = #arith.fastmath<nnan,fast>} : (f32, f32) -> f32
  %2 = "arith.cmpi"(%i, %i) {predicate = 9 : i64} : (i32, i32) -> i1
  %3 = "arith.constant"() {value = 7 : i32} : () -> i32
  return %0, %1, %2 : f32, f32, i1
}
