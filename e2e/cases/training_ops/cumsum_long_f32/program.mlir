module {
  func.func @main(%arg0: !torch.vtensor<[2,300],f32>) -> (!torch.vtensor<[2,300],f32>) {
    %v1 = torch.constant.int -1
    %v2 = torch.constant.none
    %r = torch.aten.cumsum %arg0, %v1, %v2 : !torch.vtensor<[2,300],f32>, !torch.int, !torch.none -> !torch.vtensor<[2,300],f32>
    return %r : !torch.vtensor<[2,300],f32>
  }
}
