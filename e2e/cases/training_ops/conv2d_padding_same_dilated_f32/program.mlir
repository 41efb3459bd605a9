module {
  func.func @main(%arg0: !torch.vtensor<[2,3,8,8],f32>, %arg1: !torch.vtensor<[4,3,3,3],f32>) -> (!torch.vtensor<[2,4,8,8],f32>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.int 1
    %v3 = torch.constant.int 1
    %v4 = torch.prim.ListConstruct %v2, %v3 : (!torch.int, !torch.int) -> !torch.list<int>
    %v5 = torch.constant.str "same"
    %v6 = torch.constant.int 2
    %v7 = torch.constant.int 1
    %v8 = torch.prim.ListConstruct %v6, %v7 : (!torch.int, !torch.int) -> !torch.list<int>
    %v9 = torch.constant.int 1
    %r = torch.aten.conv2d.padding %arg0, %arg1, %v1, %v4, %v5, %v8, %v9 : !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,8,8],f32>
    return %r : !torch.vtensor<[2,4,8,8],f32>
  }
}
