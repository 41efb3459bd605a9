// Covers: arith.addi/subi/muli/divsi/divui/remsi/remui on i8..i64 and index.
func.func @i32_ops(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
}

func.func @widths(%a: i8, %b: i16, %c: i64, %i: index, %j: index) -> (i8, i16, i64, index, index) {
  %0 = arith.addi %a, %a : i8
  %1 = arith.muli %b, %b : i16
  %2 = arith.divui %c, %c : i64
  %3 = arith.remsi %i, %j : index
  %4 = arith.muli %i, %j : index
  return %0, %1, %2, %3, %4 : i8, i16, i64, index, index
}

func.func @i1_ops(%p: i1, %q: i1) -> i1 {
  %0 = arith.addi %p, %q : i1
  %1 = arith.muli %0, %q : i1
  return %1 : i1
}
