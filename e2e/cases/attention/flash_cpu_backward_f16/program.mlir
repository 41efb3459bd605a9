module {
  func.func @main(%arg0: !torch.vtensor<[2,1,8,16],f16>, %arg1: !torch.vtensor<[2,1,8,16],f16>, %arg2: !torch.vtensor<[2,1,8,16],f16>, %arg3: !torch.vtensor<[2,1,8,16],f16>, %arg4: !torch.vtensor<[2,1,8,16],f16>, %arg5: !torch.vtensor<[2,1,8],f32>) -> (!torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>) {
    %none = torch.constant.none
    %float0 = torch.constant.float 0.000000e+00
    %false = torch.constant.bool false
    %0:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %float0, %false, %none, %none : !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8],f32>, !torch.float, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>
    return %0#0, %0#1, %0#2 : !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>, !torch.vtensor<[2,1,8,16],f16>
  }
}
