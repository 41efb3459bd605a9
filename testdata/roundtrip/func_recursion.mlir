// Covers: recursive and mutually recursive func.call, index-typed arithmetic in callees.
func.func @fact(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %0 = arith.subi %n, %c1 : i64
  %1 = func.call @fact(%0) : (i64) -> i64
  %2 = arith.muli %n, %1 : i64
  return %2 : i64
}

func.func @ping(%i: index) -> index {
  %0 = func.call @pong(%i) : (index) -> index
  return %0 : index
}

func.func @pong(%i: index) -> index {
  %c2 = arith.constant 2 : index
  %0 = arith.addi %i, %c2 : index
  %1 = func.call @ping(%0) : (index) -> index
  return %1 : index
}
