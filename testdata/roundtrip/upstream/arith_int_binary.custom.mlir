module {
  func.func @i32_ops(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.subi %arg0, %arg1 : i32
    %2 = arith.muli %arg0, %arg1 : i32
    %3 = arith.divsi %arg0, %arg1 : i32
    %4 = arith.divui %arg0, %arg1 : i32
    %5 = arith.remsi %arg0, %arg1 : i32
    %6 = arith.remui %arg0, %arg1 : i32
    return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
  }
  func.func @widths(%arg0: i8, %arg1: i16, %arg2: i64, %arg3: index, %arg4: index) -> (i8, i16, i64, index, index) {
    %0 = arith.addi %arg0, %arg0 : i8
    %1 = arith.muli %arg1, %arg1 : i16
    %2 = arith.divui %arg2, %arg2 : i64
    %3 = arith.remsi %arg3, %arg4 : index
    %4 = arith.muli %arg3, %arg4 : index
    return %0, %1, %2, %3, %4 : i8, i16, i64, index, index
  }
  func.func @i1_ops(%arg0: i1, %arg1: i1) -> i1 {
    %0 = arith.addi %arg0, %arg1 : i1
    %1 = arith.muli %0, %arg1 : i1
    return %1 : i1
  }
}

