module {
  func.func @main(%arg0: !torch.vtensor<[4,6,5],f32>) -> (!torch.vtensor<[4,6],si64>) {
    %v1 = torch.constant.int 2
    %v2 = torch.constant.bool false
    %r = torch.aten.argmax %arg0, %v1, %v2 : !torch.vtensor<[4,6,5],f32>, !torch.int, !torch.bool -> !torch.vtensor<[4,6],si64>
    return %r : !torch.vtensor<[4,6],si64>
  }
}
