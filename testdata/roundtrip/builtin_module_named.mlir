// Covers: named builtin.module @m carrying a discardable attribute dictionary.
module @m attributes {torch.debug_module_name = "Net", mlir.version = 16 : i64} {
  func.func @forward(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %cst = arith.constant dense<1.000000e+00> : tensor<2x3xf32>
    %0 = arith.addf %arg0, %cst : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }

  func.func private @helper(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
