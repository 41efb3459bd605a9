"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>):
    %0 = "arith.constant"() {value = dense<1.000000e+00> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %1 = "arith.addf"(%arg0, %0) {fastmath = #arith.fastmath<none>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%1) : (tensor<2x3xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "forward"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "helper", sym_visibility = "private"} : () -> ()
}) {mlir.version = 16 : i64, sym_name = "m", torch.debug_module_name = "Net"} : () -> ()

