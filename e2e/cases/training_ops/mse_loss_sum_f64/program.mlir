module {
  func.func @main(%arg0: !torch.vtensor<[4,6,5],f64>, %arg1: !torch.vtensor<[4,6,5],f64>) -> (!torch.vtensor<[],f64>) {
    %v1 = torch.constant.int 2
    %r = torch.aten.mse_loss %arg0, %arg1, %v1 : !torch.vtensor<[4,6,5],f64>, !torch.vtensor<[4,6,5],f64>, !torch.int -> !torch.vtensor<[],f64>
    return %r : !torch.vtensor<[],f64>
  }
}
