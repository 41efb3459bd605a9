module {
  func.func @bitwise(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
    %0 = arith.andi %arg0, %arg1 : i32
    %1 = arith.ori %arg0, %arg1 : i32
    %2 = arith.xori %arg0, %arg1 : i32
    return %0, %1, %2 : i32, i32, i32
  }
  func.func @logical(%arg0: i1, %arg1: i1) -> (i1, i1, i1) {
    %true = arith.constant true
    %0 = arith.andi %arg0, %arg1 : i1
    %1 = arith.ori %arg0, %arg1 : i1
    %2 = arith.xori %arg0, %true : i1
    return %0, %1, %2 : i1, i1, i1
  }
  func.func @other(%arg0: i8, %arg1: i64, %arg2: index, %arg3: tensor<3xi16>) -> (i8, i64, index, tensor<3xi16>) {
    %c-1_i8 = arith.constant -1 : i8
    %0 = arith.xori %arg0, %c-1_i8 : i8
    %1 = arith.andi %arg1, %arg1 : i64
    %2 = arith.ori %arg2, %arg2 : index
    %3 = arith.andi %arg3, %arg3 : tensor<3xi16>
    return %0, %1, %2, %3 : i8, i64, index, tensor<3xi16>
  }
}

