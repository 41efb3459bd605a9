module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f32>) -> (!torch.vtensor<[2,3,4,4],f32>) {
    %v1 = torch.constant.float 0.01
    %r = torch.aten.leaky_relu %arg0, %v1 : !torch.vtensor<[2,3,4,4],f32>, !torch.float -> !torch.vtensor<[2,3,4,4],f32>
    return %r : !torch.vtensor<[2,3,4,4],f32>
  }
}
