// Covers: dense_resource attributes and the trailing dialect_resources blob section (with a key that has no blob).
func.func @f() -> tensor<2xf32> {
  %0 = arith.constant dense_resource<blob1> : tensor<2xf32>
  %1 = arith.constant dense_resource<torch_tensor_3_1_torch.float32> : tensor<2xf32>
  %2 = arith.constant dense_resource<nodata> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000000803F00000040",
      torch_tensor_3_1_torch.float32: "0x040000000000803F00000041"
    }
  }
#-}
