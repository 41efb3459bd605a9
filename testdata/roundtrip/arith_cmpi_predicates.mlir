// Covers: arith.cmpi with all ten predicates (eq ne slt sle sgt sge ult ule ugt uge) on i32, index, i1, tensors.
func.func @cmpi_all(%a: i32, %b: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
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
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @cmpi_types(%i: index, %j: index, %p: i1, %t: tensor<4xi64>, %u: tensor<4xi64>) -> (i1, i1, tensor<4xi1>) {
  %0 = arith.cmpi slt, %i, %j : index
  %1 = arith.cmpi eq, %p, %p : i1
  %2 = arith.cmpi sge, %t, %u : tensor<4xi64>
  return %0, %1, %2 : i1, i1, tensor<4xi1>
}
