module {
  func.func @main(%arg0: !torch.vtensor<[2,3,6,6],f32>) -> (!torch.vtensor<[2,3,8,8],f32>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.int 1
    %v3 = torch.constant.int 1
    %v4 = torch.constant.int 1
    %v5 = torch.prim.ListConstruct %v1, %v2, %v3, %v4 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %v6 = torch.constant.str "reflect"
    %v7 = torch.constant.none
    %r = torch.aten.pad %arg0, %v5, %v6, %v7 : !torch.vtensor<[2,3,6,6],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[2,3,8,8],f32>
    return %r : !torch.vtensor<[2,3,8,8],f32>
  }
}
