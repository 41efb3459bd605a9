module {
  func.func @main(%arg0: !torch.vtensor<[1,4,6,8],bf16>, %arg1: !torch.vtensor<[1,4,6,8],bf16>, %arg2: !torch.vtensor<[1,1,10,8],bf16>, %arg3: !torch.vtensor<[1,1,10,8],bf16>, %arg4: !torch.vtensor<[1,4,6,8],bf16>, %arg5: !torch.vtensor<[1,4,6],f32>, %arg6: !torch.vtensor<[6,10],i1>) -> (!torch.vtensor<[1,4,6,8],bf16>, !torch.vtensor<[1,1,10,8],bf16>, !torch.vtensor<[1,1,10,8],bf16>) {
    %none = torch.constant.none
    %float0 = torch.constant.float 0.000000e+00
    %false = torch.constant.bool false
    %0:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %float0, %false, %arg6, %none : !torch.vtensor<[1,4,6,8],bf16>, !torch.vtensor<[1,4,6,8],bf16>, !torch.vtensor<[1,1,10,8],bf16>, !torch.vtensor<[1,1,10,8],bf16>, !torch.vtensor<[1,4,6,8],bf16>, !torch.vtensor<[1,4,6],f32>, !torch.float, !torch.bool, !torch.vtensor<[6,10],i1>, !torch.none -> !torch.vtensor<[1,4,6,8],bf16>, !torch.vtensor<[1,1,10,8],bf16>, !torch.vtensor<[1,1,10,8],bf16>
    return %0#0, %0#1, %0#2 : !torch.vtensor<[1,4,6,8],bf16>, !torch.vtensor<[1,1,10,8],bf16>, !torch.vtensor<[1,1,10,8],bf16>
  }
}
