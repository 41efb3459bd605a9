module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f32>) -> (!torch.vtensor<[2,3,4,4],f32>) {
    %v1 = torch.constant.float 0.0
    %v2 = torch.constant.float 6.0
    %r = torch.aten.hardtanh %arg0, %v1, %v2 : !torch.vtensor<[2,3,4,4],f32>, !torch.float, !torch.float -> !torch.vtensor<[2,3,4,4],f32>
    return %r : !torch.vtensor<[2,3,4,4],f32>
  }
}
