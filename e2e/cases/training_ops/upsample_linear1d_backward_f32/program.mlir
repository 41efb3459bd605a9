module {
  func.func @main(%arg0: !torch.vtensor<[2,4,14],f32>) -> (!torch.vtensor<[2,4,7],f32>) {
    %v1 = torch.constant.int 14
    %v2 = torch.prim.ListConstruct %v1 : (!torch.int) -> !torch.list<int>
    %v3 = torch.constant.int 2
    %v4 = torch.constant.int 4
    %v5 = torch.constant.int 7
    %v6 = torch.prim.ListConstruct %v3, %v4, %v5 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v7 = torch.constant.bool true
    %v8 = torch.constant.none
    %r = torch.aten.upsample_linear1d_backward %arg0, %v2, %v6, %v7, %v8 : !torch.vtensor<[2,4,14],f32>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,4,7],f32>
    return %r : !torch.vtensor<[2,4,7],f32>
  }
}
