module {
  func.func @main(%arg0: !torch.vtensor<[1,2,8,8],bf16>, %arg1: !torch.vtensor<[1,2,12,8],bf16>, %arg2: !torch.vtensor<[1,2,12,8],bf16>, %arg3: !torch.vtensor<[8,12],bf16>) -> (!torch.vtensor<[1,2,8,8],bf16>, !torch.vtensor<[1,2,8],f32>) {
    %none = torch.constant.none
    %float0 = torch.constant.float 0.000000e+00
    %false = torch.constant.bool false
    %0:2 = torch.aten._scaled_dot_product_flash_attention_for_cpu %arg0, %arg1, %arg2, %float0, %false, %arg3, %none : !torch.vtensor<[1,2,8,8],bf16>, !torch.vtensor<[1,2,12,8],bf16>, !torch.vtensor<[1,2,12,8],bf16>, !torch.float, !torch.bool, !torch.vtensor<[8,12],bf16>, !torch.none -> !torch.vtensor<[1,2,8,8],bf16>, !torch.vtensor<[1,2,8],f32>
    return %0#0, %0#1 : !torch.vtensor<[1,2,8,8],bf16>, !torch.vtensor<[1,2,8],f32>
  }
}
