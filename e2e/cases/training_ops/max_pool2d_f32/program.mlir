module {
  func.func @main(%arg0: !torch.vtensor<[2,3,8,8],f32>) -> (!torch.vtensor<[2,3,4,4],f32>) {
    %v1 = torch.constant.int 3
    %v2 = torch.constant.int 3
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %v4 = torch.constant.int 2
    %v5 = torch.constant.int 2
    %v6 = torch.prim.ListConstruct %v4, %v5 : (!torch.int, !torch.int) -> !torch.list<int>
    %v7 = torch.constant.int 1
    %v8 = torch.constant.int 1
    %v9 = torch.prim.ListConstruct %v7, %v8 : (!torch.int, !torch.int) -> !torch.list<int>
    %v10 = torch.constant.int 1
    %v11 = torch.constant.int 1
    %v12 = torch.prim.ListConstruct %v10, %v11 : (!torch.int, !torch.int) -> !torch.list<int>
    %v13 = torch.constant.bool false
    %r = torch.aten.max_pool2d %arg0, %v3, %v6, %v9, %v12, %v13 : !torch.vtensor<[2,3,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>
    return %r : !torch.vtensor<[2,3,4,4],f32>
  }
}
