module {
  func.func @main(%arg0: !torch.vtensor<[2,3,10,14],f32>) -> (!torch.vtensor<[2,3,5,7],f32>) {
    %v1 = torch.constant.int 10
    %v2 = torch.constant.int 14
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %v4 = torch.constant.int 2
    %v5 = torch.constant.int 3
    %v6 = torch.constant.int 5
    %v7 = torch.constant.int 7
    %v8 = torch.prim.ListConstruct %v4, %v5, %v6, %v7 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v9 = torch.constant.bool false
    %v10 = torch.constant.none
    %v11 = torch.constant.none
    %r = torch.aten.upsample_bilinear2d_backward %arg0, %v3, %v8, %v9, %v10, %v11 : !torch.vtensor<[2,3,10,14],f32>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[2,3,5,7],f32>
    return %r : !torch.vtensor<[2,3,5,7],f32>
  }
}
