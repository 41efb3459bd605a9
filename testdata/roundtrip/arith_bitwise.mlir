// Covers: arith.andi, arith.ori, arith.xori on i1, i8, i32, i64, index and tensors (incl. logical not via xori true).
func.func @bitwise(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.andi %a, %b : i32
  %1 = arith.ori %a, %b : i32
  %2 = arith.xori %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}

func.func @logical(%p: i1, %q: i1) -> (i1, i1, i1) {
  %true = arith.constant true
  %0 = arith.andi %p, %q : i1
  %1 = arith.ori %p, %q : i1
  %2 = arith.xori %p, %true : i1
  return %0, %1, %2 : i1, i1, i1
}

func.func @other(%a: i8, %b: i64, %i: index, %t: tensor<3xi16>) -> (i8, i64, index, tensor<3xi16>) {
  %c-1_i8 = arith.constant -1 : i8
  %0 = arith.xori %a, %c-1_i8 : i8
  %1 = arith.andi %b, %b : i64
  %2 = arith.ori %i, %i : index
  %3 = arith.andi %t, %t : tensor<3xi16>
  return %0, %1, %2, %3 : i8, i64, index, tensor<3xi16>
}
