module {
  func.func @main(%arg0: !torch.vtensor<[1,2,6,8],f32>, %arg1: !torch.vtensor<[1,2,6,8],f32>, %arg2: !torch.vtensor<[1,2,10,8],f32>, %arg3: !torch.vtensor<[1,2,10,8],f32>, %arg4: !torch.vtensor<[1,2,6,8],f32>, %arg5: !torch.vtensor<[1,2,6,10],f32>, %arg6: !torch.vtensor<[1,1,6,10],i1>) -> (!torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,10,8],f32>, !torch.vtensor<[1,2,10,8],f32>) {
    %none = torch.constant.none
    %float0 = torch.constant.float 0.000000e+00
    %false = torch.constant.bool false
    %scale = torch.constant.float 0.5
    %0:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %float0, %false, %arg6, %scale : !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,10,8],f32>, !torch.vtensor<[1,2,10,8],f32>, !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,6,10],f32>, !torch.float, !torch.bool, !torch.vtensor<[1,1,6,10],i1>, !torch.float -> !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,10,8],f32>, !torch.vtensor<[1,2,10,8],f32>
    return %0#0, %0#1, %0#2 : !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,10,8],f32>, !torch.vtensor<[1,2,10,8],f32>
  }
}
