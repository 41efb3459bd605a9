"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i64):
    %0 = "arith.constant"() {value = 1 : i64} : () -> i64
    %1 = "arith.subi"(%arg0, %0) : (i64, i64) -> i64
    %2 = "func.call"(%1) {callee = @fact} : (i64) -> i64
    %3 = "arith.muli"(%arg0, %2) : (i64, i64) -> i64
    "func.return"(%3) : (i64) -> ()
  }) {function_type = (i64) -> i64, sym_name = "fact"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index):
    %0 = "func.call"(%arg0) {callee = @pong} : (index) -> index
    "func.return"(%0) : (index) -> ()
  }) {function_type = (index) -> index, sym_name = "ping"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() {value = 2 : index} : () -> index
    %1 = "arith.addi"(%arg0, %0) : (index, index) -> index
    %2 = "func.call"(%1) {callee = @ping} : (index) -> index
    "func.return"(%2) : (index) -> ()
  }) {function_type = (index) -> index, sym_name = "pong"} : () -> ()
}) : () -> ()

