module {
  func.func @main(%arg0: !torch.vtensor<[2,3,6,8,10],f32>) -> (!torch.vtensor<[2,3,3,4,5],f32>) {
    %v1 = torch.constant.int 6
    %v2 = torch.constant.int 8
    %v3 = torch.constant.int 10
    %v4 = torch.prim.ListConstruct %v1, %v2, %v3 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v5 = torch.constant.int 2
    %v6 = torch.constant.int 3
    %v7 = torch.constant.int 3
    %v8 = torch.constant.int 4
    %v9 = torch.constant.int 5
    %v10 = torch.prim.ListConstruct %v5, %v6, %v7, %v8, %v9 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v11 = torch.constant.bool false
    %v12 = torch.constant.none
    %v13 = torch.constant.none
    %v14 = torch.constant.none
    %r = torch.aten.upsample_trilinear3d_backward %arg0, %v4, %v10, %v11, %v12, %v13, %v14 : !torch.vtensor<[2,3,6,8,10],f32>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3,3,4,5],f32>
    return %r : !torch.vtensor<[2,3,3,4,5],f32>
  }
}
