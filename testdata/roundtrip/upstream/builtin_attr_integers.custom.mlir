module {
  func.func @int_attrs() attributes {a.default = 5 : i64, a.i16 = 32767 : i16, a.i16_neg = -7 : i16, a.i1_false = false, a.i1_num = true, a.i1_true = true, a.i32 = 42 : i32, a.i32_neg = -2147483648 : i32, a.i64 = 9223372036854775807 : i64, a.i64_neg = -9223372036854775808 : i64, a.i8 = 127 : i8, a.i8_neg = -128 : i8, a.idx = 3 : index, a.neg_idx = -1 : index, a.si = -3 : si32, a.ui = 200 : ui8} {
    return
  }
  func.func @int_constants() -> (i8, i16, i32, i64, index, i1) {
    %c-1_i8 = arith.constant -1 : i8
    %c300_i16 = arith.constant 300 : i16
    %c-42_i32 = arith.constant -42 : i32
    %c1099511627776_i64 = arith.constant 1099511627776 : i64
    %c8 = arith.constant 8 : index
    %true = arith.constant true
    return %c-1_i8, %c300_i16, %c-42_i32, %c1099511627776_i64, %c8, %true : i8, i16, i32, i64, index, i1
  }
}

