module {
  func.func @main(%arg0: !torch.vtensor<[4,16],si64>) -> (!torch.vtensor<[4,16],si64>) {
    %v1 = torch.constant.int 7
    %r = torch.aten.remainder.Scalar %arg0, %v1 : !torch.vtensor<[4,16],si64>, !torch.int -> !torch.vtensor<[4,16],si64>
    return %r : !torch.vtensor<[4,16],si64>
  }
}
