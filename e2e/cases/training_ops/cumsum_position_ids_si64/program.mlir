module {
  func.func @main(%arg0: !torch.vtensor<[2,16],si64>) -> (!torch.vtensor<[2,16],si64>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.none
    %r = torch.aten.cumsum %arg0, %v1, %v2 : !torch.vtensor<[2,16],si64>, !torch.int, !torch.none -> !torch.vtensor<[2,16],si64>
    return %r : !torch.vtensor<[2,16],si64>
  }
}
