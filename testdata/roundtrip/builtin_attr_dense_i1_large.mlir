// Covers: i1 dense attrs of more than 100 elements. mlir-opt 16 reads i1
// hex data as bits packed eight to a byte (least significant first), and
// prints large i1 constants with their elements; torchlower reads that hex
// form and prints i1 elements (never hex, whose layout MLIR versions
// disagree on). Both constants hold the same 120 values.
func.func @i1_large() -> (tensor<12x10xi1>, tensor<12x10xi1>) {
  %0 = arith.constant dense<"0x524A29A594524A29A594524A29A594"> : tensor<12x10xi1>
  %1 = arith.constant dense<[[false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true], [false, true, false, false, true, false, true, false, false, true]]> : tensor<12x10xi1>
  return %0, %1 : tensor<12x10xi1>, tensor<12x10xi1>
}
