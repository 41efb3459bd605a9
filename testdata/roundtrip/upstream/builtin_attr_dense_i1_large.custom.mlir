module {
  func.func @i1_large() -> (tensor<12x10xi1>, tensor<12x10xi1>) {
    %cst = arith.constant dense<"0x524A29A594524A29A594524A29A594"> : tensor<12x10xi1>
    %cst_0 = arith.constant dense<"0x524A29A594524A29A594524A29A594"> : tensor<12x10xi1>
    return %cst, %cst_0 : tensor<12x10xi1>, tensor<12x10xi1>
  }
}

