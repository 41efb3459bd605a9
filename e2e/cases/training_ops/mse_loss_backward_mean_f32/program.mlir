module {
  func.func @main(%arg0: !torch.vtensor<[],f32>, %arg1: !torch.vtensor<[4,6,5],f32>, %arg2: !torch.vtensor<[4,6,5],f32>) -> (!torch.vtensor<[4,6,5],f32>) {
    %v1 = torch.constant.int 1
    %r = torch.aten.mse_loss_backward %arg0, %arg1, %arg2, %v1 : !torch.vtensor<[],f32>, !torch.vtensor<[4,6,5],f32>, !torch.vtensor<[4,6,5],f32>, !torch.int -> !torch.vtensor<[4,6,5],f32>
    return %r : !torch.vtensor<[4,6,5],f32>
  }
}
