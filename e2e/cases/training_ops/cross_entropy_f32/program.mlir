module {
  func.func @main(%arg0: !torch.vtensor<[4,10],f32>, %arg1: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[],f32>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.int 1
    %v3 = torch.constant.int -100
    %v4 = torch.constant.float 0.0
    %r = torch.aten.cross_entropy_loss %arg0, %arg1, %v1, %v2, %v3, %v4 : !torch.vtensor<[4,10],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[],f32>
    return %r : !torch.vtensor<[],f32>
  }
}
