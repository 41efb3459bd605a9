module {
  func.func @main(%arg0: !torch.vtensor<[4,16],f32>) -> (!torch.vtensor<[4,16],f32>) {
    %v1 = torch.constant.float 1.0
    %v2 = torch.constant.float 1.0
    %r = torch.aten.rsub.Scalar %arg0, %v1, %v2 : !torch.vtensor<[4,16],f32>, !torch.float, !torch.float -> !torch.vtensor<[4,16],f32>
    return %r : !torch.vtensor<[4,16],f32>
  }
}
