module {
  func.func @main(%arg0: !torch.vtensor<[4,6,5],f32>) -> (!torch.vtensor<[1,6,1],f32>) {
    %v1 = torch.constant.int 0
    %v2 = torch.constant.int 2
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %v4 = torch.constant.bool true
    %r = torch.aten.amin %arg0, %v3, %v4 : !torch.vtensor<[4,6,5],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,6,1],f32>
    return %r : !torch.vtensor<[1,6,1],f32>
  }
}
