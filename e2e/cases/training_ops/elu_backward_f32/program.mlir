module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f32>, %arg1: !torch.vtensor<[2,3,4,4],f32>) -> (!torch.vtensor<[2,3,4,4],f32>) {
    %v1 = torch.constant.float 1.0
    %v2 = torch.constant.float 1.0
    %v3 = torch.constant.float 1.0
    %v4 = torch.constant.bool false
    %r = torch.aten.elu_backward %arg0, %v1, %v2, %v3, %v4, %arg1 : !torch.vtensor<[2,3,4,4],f32>, !torch.float, !torch.float, !torch.float, !torch.bool, !torch.vtensor<[2,3,4,4],f32> -> !torch.vtensor<[2,3,4,4],f32>
    return %r : !torch.vtensor<[2,3,4,4],f32>
  }
}
