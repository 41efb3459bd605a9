module {
  func.func @main(%arg0: !torch.vtensor<[6,5],f32>, %arg1: !torch.vtensor<[7,5],si64>, %arg2: !torch.vtensor<[7,5],f32>) -> (!torch.vtensor<[6,5],f32>) {
    %v1 = torch.constant.int 0
    %v2 = torch.constant.str "mean"
    %v3 = torch.constant.bool true
    %r = torch.aten.scatter_reduce.two %arg0, %v1, %arg1, %arg2, %v2, %v3 : !torch.vtensor<[6,5],f32>, !torch.int, !torch.vtensor<[7,5],si64>, !torch.vtensor<[7,5],f32>, !torch.str, !torch.bool -> !torch.vtensor<[6,5],f32>
    return %r : !torch.vtensor<[6,5],f32>
  }
}
