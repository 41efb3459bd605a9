module {
  func.func @fact(%arg0: i64) -> i64 {
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.subi %arg0, %c1_i64 : i64
    %1 = call @fact(%0) : (i64) -> i64
    %2 = arith.muli %arg0, %1 : i64
    return %2 : i64
  }
  func.func @ping(%arg0: index) -> index {
    %0 = call @pong(%arg0) : (index) -> index
    return %0 : index
  }
  func.func @pong(%arg0: index) -> index {
    %c2 = arith.constant 2 : index
    %0 = arith.addi %arg0, %c2 : index
    %1 = call @ping(%0) : (index) -> index
    return %1 : index
  }
}

