module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f32>, %arg1: !torch.vtensor<[2,3,4,4],i1>) -> (!torch.vtensor<[2,3,4,4],f32>) {
    %v1 = torch.constant.float 1.1111111111111112
    %r = torch.aten.native_dropout_backward %arg0, %arg1, %v1 : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3,4,4],i1>, !torch.float -> !torch.vtensor<[2,3,4,4],f32>
    return %r : !torch.vtensor<[2,3,4,4],f32>
  }
}
