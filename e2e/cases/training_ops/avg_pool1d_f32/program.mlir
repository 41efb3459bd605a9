module {
  func.func @main(%arg0: !torch.vtensor<[2,4,15],f32>) -> (!torch.vtensor<[2,4,8],f32>) {
    %v1 = torch.constant.int 4
    %v2 = torch.prim.ListConstruct %v1 : (!torch.int) -> !torch.list<int>
    %v3 = torch.constant.int 2
    %v4 = torch.prim.ListConstruct %v3 : (!torch.int) -> !torch.list<int>
    %v5 = torch.constant.int 1
    %v6 = torch.prim.ListConstruct %v5 : (!torch.int) -> !torch.list<int>
    %v7 = torch.constant.bool true
    %v8 = torch.constant.bool true
    %r = torch.aten.avg_pool1d %arg0, %v2, %v4, %v6, %v7, %v8 : !torch.vtensor<[2,4,15],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[2,4,8],f32>
    return %r : !torch.vtensor<[2,4,8],f32>
  }
}
