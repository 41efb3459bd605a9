module {
  func.func @main(%arg0: !torch.vtensor<[2,3,8,8],f32>, %arg1: !torch.vtensor<[2,3,6,6],f32>) -> (!torch.vtensor<[2,3,6,6],f32>) {
    %v1 = torch.constant.int 1
    %v2 = torch.constant.int 1
    %v3 = torch.constant.int 1
    %v4 = torch.constant.int 1
    %v5 = torch.prim.ListConstruct %v1, %v2, %v3, %v4 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %r = torch.aten.reflection_pad2d_backward %arg0, %arg1, %v5 : !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[2,3,6,6],f32>, !torch.list<int> -> !torch.vtensor<[2,3,6,6],f32>
    return %r : !torch.vtensor<[2,3,6,6],f32>
  }
}
