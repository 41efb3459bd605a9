module {
  func.func @shifts(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
    %0 = arith.shli %arg0, %arg1 : i32
    %1 = arith.shrsi %arg0, %arg1 : i32
    %2 = arith.shrui %arg0, %arg1 : i32
    return %0, %1, %2 : i32, i32, i32
  }
  func.func @shift_by_const(%arg0: i64, %arg1: i8) -> (i64, i8) {
    %c3_i64 = arith.constant 3 : i64
    %c1_i8 = arith.constant 1 : i8
    %0 = arith.shli %arg0, %c3_i64 : i64
    %1 = arith.shrui %arg1, %c1_i8 : i8
    return %0, %1 : i64, i8
  }
  func.func @tensor_shift(%arg0: tensor<2x2xi16>, %arg1: tensor<2x2xi16>) -> tensor<2x2xi16> {
    %0 = arith.shrsi %arg0, %arg1 : tensor<2x2xi16>
    return %0 : tensor<2x2xi16>
  }
}

