module {
  func.func @main(%arg0: !torch.vtensor<[2,2,8,8],f32>, %arg1: !torch.vtensor<[2,2,8,8],f32>, %arg2: !torch.vtensor<[2,2,8,8],f32>) -> (!torch.vtensor<[2,2,8,8],f32>, !torch.vtensor<[2,2,8],f32>) {
    %none = torch.constant.none
    %float0 = torch.constant.float 0.000000e+00
    %true = torch.constant.bool true
    %0:2 = torch.aten._scaled_dot_product_flash_attention_for_cpu %arg0, %arg1, %arg2, %float0, %true, %none, %none : !torch.vtensor<[2,2,8,8],f32>, !torch.vtensor<[2,2,8,8],f32>, !torch.vtensor<[2,2,8,8],f32>, !torch.float, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[2,2,8,8],f32>, !torch.vtensor<[2,2,8],f32>
    return %0#0, %0#1 : !torch.vtensor<[2,2,8,8],f32>, !torch.vtensor<[2,2,8],f32>
  }
}
