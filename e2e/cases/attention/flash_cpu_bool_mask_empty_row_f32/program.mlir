module {
  func.func @main(%arg0: !torch.vtensor<[1,2,6,8],f32>, %arg1: !torch.vtensor<[1,2,10,8],f32>, %arg2: !torch.vtensor<[1,2,10,8],f32>, %arg3: !torch.vtensor<[6,10],i1>) -> (!torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,6],f32>) {
    %none = torch.constant.none
    %float0 = torch.constant.float 0.000000e+00
    %false = torch.constant.bool false
    %0:2 = torch.aten._scaled_dot_product_flash_attention_for_cpu %arg0, %arg1, %arg2, %float0, %false, %arg3, %none : !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,10,8],f32>, !torch.vtensor<[1,2,10,8],f32>, !torch.float, !torch.bool, !torch.vtensor<[6,10],i1>, !torch.none -> !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,6],f32>
    return %0#0, %0#1 : !torch.vtensor<[1,2,6,8],f32>, !torch.vtensor<[1,2,6],f32>
  }
}
