module {
  func.func @main(%arg0: !torch.vtensor<[2,4,7],f32>) -> (!torch.vtensor<[2,4,15],f32>) {
    %v1 = torch.constant.int 15
    %v2 = torch.prim.ListConstruct %v1 : (!torch.int) -> !torch.list<int>
    %v3 = torch.constant.bool false
    %v4 = torch.constant.none
    %r = torch.aten.upsample_linear1d %arg0, %v2, %v3, %v4 : !torch.vtensor<[2,4,7],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,4,15],f32>
    return %r : !torch.vtensor<[2,4,15],f32>
  }
}
