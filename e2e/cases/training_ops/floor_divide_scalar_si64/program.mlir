module {
  func.func @main(%arg0: !torch.vtensor<[4,16],si64>) -> (!torch.vtensor<[4,16],si64>) {
    %v1 = torch.constant.int 8
    %v2 = torch.constant.str "floor"
    %r = torch.aten.div.Scalar_mode %arg0, %v1, %v2 : !torch.vtensor<[4,16],si64>, !torch.int, !torch.str -> !torch.vtensor<[4,16],si64>
    return %r : !torch.vtensor<[4,16],si64>
  }
}
