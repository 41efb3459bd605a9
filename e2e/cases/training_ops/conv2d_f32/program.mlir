module {
  func.func @main(%arg0: !torch.vtensor<[2,3,8,8],f32>, %arg1: !torch.vtensor<[4,3,3,3],f32>, %arg2: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,4,4,4],f32>) {
    %v1 = torch.constant.int 2
    %v2 = torch.constant.int 2
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %v4 = torch.constant.int 1
    %v5 = torch.constant.int 1
    %v6 = torch.prim.ListConstruct %v4, %v5 : (!torch.int, !torch.int) -> !torch.list<int>
    %v7 = torch.constant.int 1
    %v8 = torch.constant.int 1
    %v9 = torch.prim.ListConstruct %v7, %v8 : (!torch.int, !torch.int) -> !torch.list<int>
    %v10 = torch.constant.int 1
    %r = torch.aten.conv2d %arg0, %arg1, %arg2, %v3, %v6, %v9, %v10 : !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,4,4],f32>
    return %r : !torch.vtensor<[2,4,4,4],f32>
  }
}
