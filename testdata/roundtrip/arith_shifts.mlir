// Covers: arith.shli, arith.shrsi, arith.shrui on scalars of several widths and tensors.
func.func @shifts(%a: i32, %s: i32) -> (i32, i32, i32) {
  %0 = arith.shli %a, %s : i32
  %1 = arith.shrsi %a, %s : i32
  %2 = arith.shrui %a, %s : i32
  return %0, %1, %2 : i32, i32, i32
}

func.func @shift_by_const(%x: i64, %y: i8) -> (i64, i8) {
  %c3_i64 = arith.constant 3 : i64
  %c1_i8 = arith.constant 1 : i8
  %0 = arith.shli %x, %c3_i64 : i64
  %1 = arith.shrui %y, %c1_i8 : i8
  return %0, %1 : i64, i8
}

func.func @tensor_shift(%t: tensor<2x2xi16>, %s: tensor<2x2xi16>) -> tensor<2x2xi16> {
  %0 = arith.shrsi %t, %s : tensor<2x2xi16>
  return %0 : tensor<2x2xi16>
}
