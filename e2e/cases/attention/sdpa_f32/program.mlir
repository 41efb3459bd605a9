module {
  func.func @main(%arg0: !torch.vtensor<[2,2,8,8],f32>, %arg1: !torch.vtensor<[2,2,12,8],f32>, %arg2: !torch.vtensor<[2,2,12,8],f32>) -> (!torch.vtensor<[2,2,8,8],f32>) {
    %none = torch.constant.none
    %float0 = torch.constant.float 0.000000e+00
    %false = torch.constant.bool false
    %gqa = torch.constant.bool false
    %0 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg2, %none, %float0, %false, %none, %gqa : !torch.vtensor<[2,2,8,8],f32>, !torch.vtensor<[2,2,12,8],f32>, !torch.vtensor<[2,2,12,8],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,2,8,8],f32>
    return %0 : !torch.vtensor<[2,2,8,8],f32>
  }
}
