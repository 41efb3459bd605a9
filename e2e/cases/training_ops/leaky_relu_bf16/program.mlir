module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],bf16>) -> (!torch.vtensor<[2,3,4,4],bf16>) {
    %v1 = torch.constant.float 0.1
    %r = torch.aten.leaky_relu %arg0, %v1 : !torch.vtensor<[2,3,4,4],bf16>, !torch.float -> !torch.vtensor<[2,3,4,4],bf16>
    return %r : !torch.vtensor<[2,3,4,4],bf16>
  }
}
