"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {a.default = 5 : i64, a.i16 = 32767 : i16, a.i16_neg = -7 : i16, a.i1_false = false, a.i1_num = true, a.i1_true = true, a.i32 = 42 : i32, a.i32_neg = -2147483648 : i32, a.i64 = 9223372036854775807 : i64, a.i64_neg = -9223372036854775808 : i64, a.i8 = 127 : i8, a.i8_neg = -128 : i8, a.idx = 3 : index, a.neg_idx = -1 : index, a.si = -3 : si32, a.ui = 200 : ui8, function_type = () -> (), sym_name = "int_attrs"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = -1 : i8} : () -> i8
    %1 = "arith.constant"() {value = 300 : i16} : () -> i16
    %2 = "arith.constant"() {value = -42 : i32} : () -> i32
    %3 = "arith.constant"() {value = 1099511627776 : i64} : () -> i64
    %4 = "arith.constant"() {value = 8 : index} : () -> index
    %5 = "arith.constant"() {value = true} : () -> i1
    "func.return"(%0, %1, %2, %3, %4, %5) : (i8, i16, i32, i64, index, i1) -> ()
  }) {function_type = () -> (i8, i16, i32, i64, index, i1), sym_name = "int_constants"} : () -> ()
}) : () -> ()

