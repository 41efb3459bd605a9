module {
  func.func @main(%arg0: !torch.vtensor<[4,6,5],f32>, %arg1: !torch.vtensor<[4,6,5],f32>) -> (!torch.vtensor<[],f32>) {
    %v1 = torch.constant.int 1
    %r = torch.aten.mse_loss %arg0, %arg1, %v1 : !torch.vtensor<[4,6,5],f32>, !torch.vtensor<[4,6,5],f32>, !torch.int -> !torch.vtensor<[],f32>
    return %r : !torch.vtensor<[],f32>
  }
}
