module {
  func.func @main(%arg0: !torch.vtensor<[2,3,8,8],f32>, %arg1: !torch.vtensor<[4,3,2,2],f32>, %arg2: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,4,8,8],f32>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.int 1
    %v3 = torch.prim.ListConstruct %v1, %v2 : (!torch.int, !torch.int) -> !torch.list<int>
    %v4 = torch.constant.str "same"
    %v5 = torch.constant.int 1
    %v6 = torch.constant.int 1
    %v7 = torch.prim.ListConstruct %v5, %v6 : (!torch.int, !torch.int) -> !torch.list<int>
    %v8 = torch.constant.int 1
    %r = torch.aten.conv2d.padding %arg0, %arg1, %arg2, %v3, %v4, %v7, %v8 : !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,2,2],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,8,8],f32>
    return %r : !torch.vtensor<[2,4,8,8],f32>
  }
}
