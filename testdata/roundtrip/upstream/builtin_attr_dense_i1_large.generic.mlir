"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = dense<"0x524A29A594524A29A594524A29A594"> : tensor<12x10xi1>} : () -> tensor<12x10xi1>
    %1 = "arith.constant"() {value = dense<"0x524A29A594524A29A594524A29A594"> : tensor<12x10xi1>} : () -> tensor<12x10xi1>
    "func.return"(%0, %1) : (tensor<12x10xi1>, tensor<12x10xi1>) -> ()
  }) {function_type = () -> (tensor<12x10xi1>, tensor<12x10xi1>), sym_name = "i1_large"} : () -> ()
}) : () -> ()

