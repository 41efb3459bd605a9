module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],bf16>) -> (!torch.vtensor<[2,3,4,4],bf16>) {
    %r = torch.aten.hardswish %arg0 : !torch.vtensor<[2,3,4,4],bf16> -> !torch.vtensor<[2,3,4,4],bf16>
    return %r : !torch.vtensor<[2,3,4,4],bf16>
  }
}
