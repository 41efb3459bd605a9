"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = dense_resource<blob1> : tensor<2xf32>} : () -> tensor<2xf32>
    %1 = "arith.constant"() {value = dense_resource<torch_tensor_3_1_torch.float32> : tensor<2xf32>} : () -> tensor<2xf32>
    %2 = "arith.constant"() {value = dense_resource<nodata> : tensor<2xf32>} : () -> tensor<2xf32>
    "func.return"(%0) : (tensor<2xf32>) -> ()
  }) {function_type = () -> tensor<2xf32>, sym_name = "f"} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F00000040",
      torch_tensor_3_1_torch.float32: "0x040000000000803F00000041"
    }
  }
#-}

