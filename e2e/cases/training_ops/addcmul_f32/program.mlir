module {
  func.func @main(%arg0: !torch.vtensor<[4,16],f32>, %arg1: !torch.vtensor<[4,16],f32>, %arg2: !torch.vtensor<[4,16],f32>) -> (!torch.vtensor<[4,16],f32>) {
    %v1 = torch.constant.float 0.1
    %r = torch.aten.addcmul %arg0, %arg1, %arg2, %v1 : !torch.vtensor<[4,16],f32>, !torch.vtensor<[4,16],f32>, !torch.vtensor<[4,16],f32>, !torch.float -> !torch.vtensor<[4,16],f32>
    return %r : !torch.vtensor<[4,16],f32>
  }
}
