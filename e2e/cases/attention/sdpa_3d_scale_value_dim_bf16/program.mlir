module {
  func.func @main(%arg0: !torch.vtensor<[4,8,8],bf16>, %arg1: !torch.vtensor<[4,8,8],bf16>, %arg2: !torch.vtensor<[4,8,4],bf16>) -> (!torch.vtensor<[4,8,4],bf16>) {
    %none = torch.constant.none
    %float0 = torch.constant.float 0.000000e+00
    %false = torch.constant.bool false
    %scale = torch.constant.float 0.25
    %gqa = torch.constant.bool false
    %0 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg2, %none, %float0, %false, %scale, %gqa : !torch.vtensor<[4,8,8],bf16>, !torch.vtensor<[4,8,8],bf16>, !torch.vtensor<[4,8,4],bf16>, !torch.none, !torch.float, !torch.bool, !torch.float, !torch.bool -> !torch.vtensor<[4,8,4],bf16>
    return %0 : !torch.vtensor<[4,8,4],bf16>
  }
}
