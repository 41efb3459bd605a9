module {
  func.func @main(%arg0: !torch.vtensor<[2,3,4,4],f64>, %arg1: !torch.vtensor<[2,3,4,4],f64>) -> (!torch.vtensor<[2,3,4,4],f64>) {
    %r = torch.aten.hardsigmoid_backward %arg0, %arg1 : !torch.vtensor<[2,3,4,4],f64>, !torch.vtensor<[2,3,4,4],f64> -> !torch.vtensor<[2,3,4,4],f64>
    return %r : !torch.vtensor<[2,3,4,4],f64>
  }
}
