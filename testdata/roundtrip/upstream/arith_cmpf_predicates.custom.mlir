module {
  func.func @cmpf_ordered(%arg0: f32, %arg1: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
    %0 = arith.cmpf false, %arg0, %arg1 : f32
    %1 = arith.cmpf oeq, %arg0, %arg1 : f32
    %2 = arith.cmpf ogt, %arg0, %arg1 : f32
    %3 = arith.cmpf oge, %arg0, %arg1 : f32
    %4 = arith.cmpf olt, %arg0, %arg1 : f32
    %5 = arith.cmpf ole, %arg0, %arg1 : f32
    %6 = arith.cmpf one, %arg0, %arg1 : f32
    %7 = arith.cmpf ord, %arg0, %arg1 : f32
    return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
  }
  func.func @cmpf_unordered(%arg0: f64, %arg1: f64) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
    %0 = arith.cmpf ueq, %arg0, %arg1 : f64
    %1 = arith.cmpf ugt, %arg0, %arg1 : f64
    %2 = arith.cmpf uge, %arg0, %arg1 : f64
    %3 = arith.cmpf ult, %arg0, %arg1 : f64
    %4 = arith.cmpf ule, %arg0, %arg1 : f64
    %5 = arith.cmpf une, %arg0, %arg1 : f64
    %6 = arith.cmpf uno, %arg0, %arg1 : f64
    %7 = arith.cmpf true, %arg0, %arg1 : f64
    return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
  }
  func.func @cmpf_tensor(%arg0: tensor<2x2xf16>, %arg1: tensor<2x2xf16>) -> tensor<2x2xi1> {
    %0 = arith.cmpf ogt, %arg0, %arg1 : tensor<2x2xf16>
    return %0 : tensor<2x2xi1>
  }
}

