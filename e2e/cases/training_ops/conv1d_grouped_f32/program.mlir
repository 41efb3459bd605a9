module {
  func.func @main(%arg0: !torch.vtensor<[2,4,9],f32>, %arg1: !torch.vtensor<[6,2,3],f32>) -> (!torch.vtensor<[2,6,9],f32>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.int 1
    %v3 = torch.prim.ListConstruct %v2 : (!torch.int) -> !torch.list<int>
    %v4 = torch.constant.int 2
    %v5 = torch.prim.ListConstruct %v4 : (!torch.int) -> !torch.list<int>
    %v6 = torch.constant.int 2
    %v7 = torch.prim.ListConstruct %v6 : (!torch.int) -> !torch.list<int>
    %v8 = torch.constant.int 2
    %r = torch.aten.conv1d %arg0, %arg1, %v1, %v3, %v5, %v7, %v8 : !torch.vtensor<[2,4,9],f32>, !torch.vtensor<[6,2,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,6,9],f32>
    return %r : !torch.vtensor<[2,6,9],f32>
  }
}
