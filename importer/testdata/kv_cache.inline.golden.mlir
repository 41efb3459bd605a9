module {
  func.func @main(%arg0: !torch.vtensor<[1,2,1,4],f32>, %arg1: !torch.vtensor<[1,2,1,4],f32>, %arg2: !torch.vtensor<[1],si64>) -> (!torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,4,4],f32>) {
    %0 = torch.vtensor.literal(dense_resource<torch_tensor_1_2_8_4_torch.float32> : tensor<1x2x8x4xf32>) : !torch.vtensor<[1,2,8,4],f32>
    %1 = torch.vtensor.literal(dense_resource<torch_tensor_1_2_8_4_torch.float32_0> : tensor<1x2x8x4xf32>) : !torch.vtensor<[1,2,8,4],f32>
    %int2 = torch.constant.int 2
    %2 = torch.aten.index_copy %0, %int2, %arg2, %arg0 : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.vtensor<[1],si64>, !torch.vtensor<[1,2,1,4],f32> -> !torch.vtensor<[1,2,8,4],f32>
    %none = torch.constant.none
    %none_0 = torch.constant.none
    %3 = torch.prim.ListConstruct %none, %none_0, %arg2 : (!torch.none, !torch.none, !torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
    %false = torch.constant.bool false
    %4 = torch.aten.index_put %1, %3, %arg1, %false : !torch.vtensor<[1,2,8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,2,1,4],f32>, !torch.bool -> !torch.vtensor<[1,2,8,4],f32>
    %int2_1 = torch.constant.int 2
    %int0 = torch.constant.int 0
    %int4 = torch.constant.int 4
    %int1 = torch.constant.int 1
    %5 = torch.aten.slice.Tensor %2, %int2_1, %int0, %int4, %int1 : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,2,4,4],f32>
    return %2, %4, %5 : !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,8,4],f32>, !torch.vtensor<[1,2,4,4],f32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_1_2_8_4_torch.float32: "0x04000000000000C00000C03F0000C0BF0000A0BF0000903F000060BF0000903F0000C03E0000603F000020BF000000400000803F0000203F0000B03F0000C0BE0000203F0000003E0000903F000000400000203F0000C03E000000400000203F0000D03F000080BE000000BF0000903F000020BF0000E0BF0000C03F0000C0BE0000F0BF0000803E000000400000A03F000040BF00000000000000BE0000B0BF0000903F0000203F0000203F000080BE0000D03F0000403F0000803E0000603F0000903F0000C03F0000803F0000203F000060BF0000D0BF0000E03F0000003F0000003F0000C0BF000000400000A0BF0000603F0000003E0000E0BF0000803F0000B03F",
      torch_tensor_1_2_8_4_torch.float32_0: "0x040000000000F03F0000003F000000BE0000003F0000F0BF000080BF0000603F0000F0BF0000003E0000D0BF0000D03F0000003E0000003E0000903F000060BF000000BE0000003F0000903F000000000000C0BF0000A0BF0000F0BF0000B03F000040BF0000803E0000003E000000BF0000F0BF0000F0BF0000F03F0000C0BE0000803E000080BE0000C03F0000D0BF0000003F000020BF000000C0000080BE000000C0000000C00000B0BF0000B03F0000C03E0000803E0000C03E000020BF0000D0BF0000603F0000803E0000C0BE0000E03F000000BE0000203F0000C0BE0000B0BF000080BF0000403F0000F0BF000060BF000000BE0000803F0000903F0000F03F"
    }
  }
#-}
