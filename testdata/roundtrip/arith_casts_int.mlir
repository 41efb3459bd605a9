// Covers: arith.extsi, arith.extui, arith.trunci across i1/i8/i16/i32/i64 (scalars and tensors).
func.func @ext(%a: i8, %b: i16, %p: i1) -> (i32, i64, i32, i64, i8) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extsi %b : i16 to i64
  %2 = arith.extui %a : i8 to i32
  %3 = arith.extui %b : i16 to i64
  %4 = arith.extui %p : i1 to i8
  return %0, %1, %2, %3, %4 : i32, i64, i32, i64, i8
}

func.func @trunc(%a: i64, %b: i32) -> (i32, i8, i1, i16) {
  %0 = arith.trunci %a : i64 to i32
  %1 = arith.trunci %b : i32 to i8
  %2 = arith.trunci %b : i32 to i1
  %3 = arith.trunci %a : i64 to i16
  return %0, %1, %2, %3 : i32, i8, i1, i16
}

func.func @tensor_ext(%t: tensor<4xi8>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = arith.extsi %t : tensor<4xi8> to tensor<4xi32>
  %1 = arith.extui %t : tensor<4xi8> to tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}
