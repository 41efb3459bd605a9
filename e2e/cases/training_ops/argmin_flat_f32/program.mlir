module {
  func.func @main(%arg0: !torch.vtensor<[4,6,5],f32>) -> (!torch.vtensor<[],si64>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.bool false
    %r = torch.aten.argmin %arg0, %v1, %v2 : !torch.vtensor<[4,6,5],f32>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
    return %r : !torch.vtensor<[],si64>
  }
}
