module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f32>, %arg1: !torch.vtensor<[2,3,4,4],f32>) -> (!torch.vtensor<[2,3,4,4],f32>) {
    %v1 = torch.constant.float 0.2
    %v2 = torch.constant.bool false
    %r = torch.aten.leaky_relu_backward %arg0, %arg1, %v1, %v2 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3,4,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>
    return %r : !torch.vtensor<[2,3,4,4],f32>
  }
}
