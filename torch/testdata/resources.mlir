// Frozen parameters as dense_resource literals, with the resource blob
// section fx_importer writes after the module.
module {
  func.func @main() -> !torch.vtensor<[3,1],f32> {
    %0 = torch.vtensor.literal(dense_resource<torch_tensor_3_1_torch.float32> : tensor<3x1xf32>) : !torch.vtensor<[3,1],f32>
    return %0 : !torch.vtensor<[3,1],f32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_3_1_torch.float32: "0x040000000000803F0000004000004040"
    }
  }
#-}
