// Covers: integer attributes of every width (i1 i8 i16 i32 i64 index), incl. negative and extreme values.
func.func @int_attrs() attributes {
    a.i1_true = true, a.i1_false = false, a.i1_num = 1 : i1,
    a.i8 = 127 : i8, a.i8_neg = -128 : i8,
    a.i16 = 32767 : i16, a.i16_neg = -7 : i16,
    a.i32 = 42 : i32, a.i32_neg = -2147483648 : i32,
    a.i64 = 9223372036854775807 : i64, a.i64_neg = -9223372036854775808 : i64,
    a.default = 5, a.idx = 3 : index, a.neg_idx = -1 : index,
    a.si = -3 : si32, a.ui = 200 : ui8} {
  return
}

func.func @int_constants() -> (i8, i16, i32, i64, index, i1) {
  %0 = arith.constant -1 : i8
  %1 = arith.constant 300 : i16
  %2 = arith.constant -42 : i32
  %3 = arith.constant 1099511627776 : i64
  %4 = arith.constant 8 : index
  %5 = arith.constant true
  return %0, %1, %2, %3, %4, %5 : i8, i16, i32, i64, index, i1
}
