module {
  func.func @main(%arg0: !torch.vtensor<[4,16],bf16>, %arg1: !torch.vtensor<[4,16],bf16>, %arg2: !torch.vtensor<[4,16],bf16>) -> (!torch.vtensor<[4,16],bf16>) {
    %v1 = torch.constant.float 0.5
    %r = torch.aten.addcmul %arg0, %arg1, %arg2, %v1 : !torch.vtensor<[4,16],bf16>, !torch.vtensor<[4,16],bf16>, !torch.vtensor<[4,16],bf16>, !torch.float -> !torch.vtensor<[4,16],bf16>
    return %r : !torch.vtensor<[4,16],bf16>
  }
}
