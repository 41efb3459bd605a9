module {
  func.func @main(%arg0: !torch.vtensor<[2,4,9],f32>, %arg1: !torch.vtensor<[6,4,3],f32>, %arg2: !torch.vtensor<[6],f32>) -> (!torch.vtensor<[2,6,7],f32>) {
    %v1 = torch.constant.int 1
    %v2 = torch.prim.ListConstruct %v1 : (!torch.int) -> !torch.list<int>
    %v3 = torch.constant.str "valid"
    %v4 = torch.constant.int 1
    %v5 = torch.prim.ListConstruct %v4 : (!torch.int) -> !torch.list<int>
    %v6 = torch.constant.int 1
    %r = torch.aten.conv1d.padding %arg0, %arg1, %arg2, %v2, %v3, %v5, %v6 : !torch.vtensor<[2,4,9],f32>, !torch.vtensor<[6,4,3],f32>, !torch.vtensor<[6],f32>, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[2,6,7],f32>
    return %r : !torch.vtensor<[2,6,7],f32>
  }
}
