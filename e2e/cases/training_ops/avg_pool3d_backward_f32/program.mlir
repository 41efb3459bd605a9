module {
  func.func @main(%arg0: !torch.vtensor<[2,3,3,3,3],f32>, %arg1: !torch.vtensor<[2,3,6,6,6],f32>) -> (!torch.vtensor<[2,3,6,6,6],f32>) {
    %v1 = torch.constant.int 3
    %v2 = torch.constant.int 3
    %v3 = torch.constant.int 3
    %v4 = torch.prim.ListConstruct %v1, %v2, %v3 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v5 = torch.constant.int 2
    %v6 = torch.constant.int 2
    %v7 = torch.constant.int 2
    %v8 = torch.prim.ListConstruct %v5, %v6, %v7 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v9 = torch.constant.int 1
    %v10 = torch.constant.int 1
    %v11 = torch.constant.int 1
    %v12 = torch.prim.ListConstruct %v9, %v10, %v11 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v13 = torch.constant.bool false
    %v14 = torch.constant.bool true
    %v15 = torch.constant.none
    %r = torch.aten.avg_pool3d_backward %arg0, %arg1, %v4, %v8, %v12, %v13, %v14, %v15 : !torch.vtensor<[2,3,3,3,3],f32>, !torch.vtensor<[2,3,6,6,6],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,3,6,6,6],f32>
    return %r : !torch.vtensor<[2,3,6,6,6],f32>
  }
}
