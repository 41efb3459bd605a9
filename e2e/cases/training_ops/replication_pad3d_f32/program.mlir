module {
  func.func @main(%arg0: !torch.vtensor<[1,2,3,4,5],f32>) -> (!torch.vtensor<[1,2,6,5,8],f32>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.int 2
    %v3 = torch.constant.int 0
    %v4 = torch.constant.int 1
    %v5 = torch.constant.int 2
    %v6 = torch.constant.int 1
    %v7 = torch.prim.ListConstruct %v1, %v2, %v3, %v4, %v5, %v6 : (!torch.int, !torch.int, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %r = torch.aten.replication_pad3d %arg0, %v7 : !torch.vtensor<[1,2,3,4,5],f32>, !torch.list<int> -> !torch.vtensor<[1,2,6,5,8],f32>
    return %r : !torch.vtensor<[1,2,6,5,8],f32>
  }
}
